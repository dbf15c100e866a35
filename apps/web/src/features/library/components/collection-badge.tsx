import type { Video } from '@homestretch/contract/library/video';
import { cx } from '../../../ui/cx';
import { collectionLabel } from './video-labels';

/**
 * Which catalogue collection an exercise is in, where physical-therapy exercises and the fitness
 * data set's sit side by side: the clinical one in the brand's tint, the other quieter. Nothing
 * for the clinic's own videos.
 */
export function CollectionBadge({
  video,
  className,
}: {
  video: Pick<Video, 'collection'>;
  className?: string;
}) {
  const label = collectionLabel(video);
  if (label === null) {
    return null;
  }
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        video.collection === 'physical-therapy'
          ? 'bg-brand-50 text-brand-800'
          : 'bg-canvas text-ink-muted',
        className,
      )}
    >
      {label}
    </span>
  );
}
