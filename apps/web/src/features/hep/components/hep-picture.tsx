import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import { cx } from '../../../ui/cx';
import { MediaImage, MediaPlaceholder } from '../../library/components/media-image';

/** The still a program shows for an exercise: its poster, else a catalogue item's first photo. */
export function hepStill(video: Pick<HepVideo, 'thumbnail_url' | 'frame_urls'>): string | null {
  return video.thumbnail_url ?? video.frame_urls[0] ?? null;
}

/** A program row's picture; decorative, the title sits beside it. */
export function HepPicture({
  video,
  className,
  eager = false,
}: {
  video: Pick<HepVideo, 'thumbnail_url' | 'frame_urls'>;
  className?: string;
  /** Printing needs every picture loaded, not only those scrolled into view. */
  eager?: boolean;
}) {
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
