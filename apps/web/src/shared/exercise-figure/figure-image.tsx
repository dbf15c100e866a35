import { videoFigureUrl, type FigureFrame } from '@homestretch/contract/library/video-media';

/**
 * A still of an exercise's figure, drawn by the server from the video's movement model
 * (contract VIDEO_MEDIA_PATHS.figure): lists and the printed program show it as an image, so
 * they carry none of the drawing code the looping ExerciseFigure needs.
 */
export function FigureImage({
  videoId,
  frame = 'start',
  alt = '',
  eager = false,
  className,
}: {
  videoId: number;
  /** `start`: the start position; `start-end`: start and end side by side with an arrow. */
  frame?: FigureFrame;
  /** Empty where the exercise's title sits beside it. */
  alt?: string;
  /** Printing needs every figure loaded, not only those scrolled into view. */
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={videoFigureUrl(videoId, frame)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
