import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { cx } from '../../../ui/cx';

/** The calm stand-in for a video with no picture, or one whose picture would not load. */
export function MediaPlaceholder({ className }: { className?: string }) {
  return (
    <div
      className={cx('flex items-center justify-center bg-brand-50 text-brand-600/60', className)}
    >
      <Clapperboard aria-hidden="true" className="size-8" />
    </div>
  );
}

/**
 * A poster or photo of a video. One that fails to load (a file not processed yet, a network
 * hiccup) shows the placeholder instead of the browser's broken-image mark.
 */
export function MediaImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** Load now even out of view (a page about to be printed). */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <div role={alt ? 'img' : undefined} aria-label={alt || undefined} className={className}>
        <MediaPlaceholder className="size-full" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(src)}
      className={cx('object-cover', className)}
    />
  );
}
