import type { Video } from '@homestretch/contract/library/video';
import { Suspense } from 'react';
import { cx } from '../../../ui/cx';
import { figureThumb } from './lazy-figures';
import { MediaImage, MediaPlaceholder } from './media-image';
import { formatDuration, STATUS_LABELS } from './video-labels';

export type ThumbVideo = Pick<
  Video,
  'thumbnail_url' | 'frame_urls' | 'status' | 'duration_seconds' | 'source' | 'movement'
>;

const FigureThumb = figureThumb.Component;

/** The picture of a card or row, without its badges. */
function Picture({
  video,
  moving,
  figureClassName,
}: {
  video: ThumbVideo;
  moving: boolean;
  figureClassName?: string;
}) {
  // A clinic film's poster wins over the model it follows: the film is what the clinic chose.
  if (video.movement && !(video.source === 'clinic' && video.thumbnail_url)) {
    return (
      <Suspense fallback={<div className="size-full bg-surface" />}>
        <FigureThumb
          movement={video.movement}
          moving={moving}
          className={cx('size-full', figureClassName)}
        />
      </Suspense>
    );
  }
  const [first, second] = video.frame_urls;
  const still = video.thumbnail_url ?? first ?? null;
  return (
    <>
      {still ? (
        <MediaImage src={still} alt="" className="size-full" />
      ) : (
        <MediaPlaceholder className="size-full" />
      )}
      {first && second && (
        <MediaImage
          src={second}
          alt=""
          className="absolute inset-0 size-full opacity-0 motion-safe:group-focus-within:animate-frame-swap motion-safe:group-hover:animate-frame-swap"
        />
      )}
    </>
  );
}

/**
 * A video's picture on a card or row: the figure drawn from its movement model (issue 32), still
 * at its start position and moving through the exercise while `moving` (its card pointed at or
 * focused); a clinic film's poster; a catalogue item's start and end photos crossfading while the
 * card is pointed at or focused (never for those who ask for reduced motion); a calm placeholder
 * when there is none. Decorative: the title sits beside it.
 */
export function VideoThumb({
  video,
  moving = false,
  className,
  figureClassName,
}: {
  video: ThumbVideo;
  moving?: boolean;
  className?: string;
  /** Room the figure leaves, where something sits over the picture (a card's checkbox). */
  figureClassName?: string;
}) {
  const duration = formatDuration(video.duration_seconds);
  return (
    <div
      className={cx(
        'relative overflow-hidden',
        video.movement ? 'bg-surface' : 'bg-brand-50',
        className,
      )}
    >
      <Picture video={video} moving={moving} figureClassName={figureClassName} />
      {video.status !== 'ready' && (
        <span
          className={cx(
            'absolute bottom-2 left-2 rounded-full px-2 py-0.5 text-xs font-medium',
            video.status === 'failed'
              ? 'bg-danger-50 text-danger-700'
              : 'bg-surface/90 text-ink-muted',
          )}
        >
          {STATUS_LABELS[video.status]}
        </span>
      )}
      {duration && (
        <span className="absolute right-2 bottom-2 rounded bg-ink/75 px-1.5 py-0.5 text-xs font-medium text-surface">
          <span className="sr-only">Length </span>
          {duration}
        </span>
      )}
    </div>
  );
}
