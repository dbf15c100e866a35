import type { Video } from '@homestretch/contract/library/video';
import { cx } from '../../../ui/cx';
import { MediaImage, MediaPlaceholder } from './media-image';
import { formatDuration, STATUS_LABELS } from './video-labels';

export type ThumbVideo = Pick<
  Video,
  'thumbnail_url' | 'frame_urls' | 'status' | 'duration_seconds' | 'source'
>;

/**
 * A video's picture on a card or row: a catalogue item's start and end photos crossfading while
 * the card is pointed at or focused (never for those who ask for reduced motion); the poster
 * otherwise; a calm placeholder when there is neither. Decorative: the title sits beside it.
 */
export function VideoThumb({ video, className }: { video: ThumbVideo; className?: string }) {
  const [first, second] = video.frame_urls;
  const still = video.thumbnail_url ?? first ?? null;
  const duration = formatDuration(video.duration_seconds);
  return (
    <div className={cx('relative overflow-hidden bg-brand-50', className)}>
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
