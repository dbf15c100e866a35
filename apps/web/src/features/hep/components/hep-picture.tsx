import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import { FigureImage } from '../../../shared/exercise-figure/figure-image';
import { cx } from '../../../ui/cx';
import { MediaImage, MediaPlaceholder } from '../../library/components/media-image';

type PictureVideo = Pick<HepVideo, 'id' | 'thumbnail_url' | 'frame_urls' | 'movement'>;

/** The still a program shows for an exercise: its poster, else a catalogue item's first photo. */
export function hepStill(video: Pick<HepVideo, 'thumbnail_url' | 'frame_urls'>): string | null {
  return video.thumbnail_url ?? video.frame_urls[0] ?? null;
}

/**
 * A program row's picture, decorative (the title sits beside it): the exercise's figure at its
 * start position when the video follows a movement model (issue 32 item 3), else its poster or
 * photo.
 */
export function HepPicture({
  video,
  className,
  eager = false,
}: {
  video: PictureVideo;
  className?: string;
  /** Printing needs every picture loaded, not only those scrolled into view. */
  eager?: boolean;
}) {
  if (video.movement) {
    return (
      <div className={cx('overflow-hidden border border-line bg-surface', className)}>
        <FigureImage videoId={video.id} eager={eager} className="size-full object-contain p-1" />
      </div>
    );
  }
  const still = hepStill(video);
  return (
    <div className={cx('overflow-hidden bg-brand-50', className)}>
      {still ? (
        <MediaImage src={still} alt="" className="size-full" eager={eager} />
      ) : (
        <MediaPlaceholder className="size-full" />
      )}
    </div>
  );
}
