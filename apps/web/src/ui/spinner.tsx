import { LoaderCircle } from 'lucide-react';
import { cx } from './cx';

export interface SpinnerProps {
  /** Announced to screen readers; ignored when `decorative`. */
  label?: string;
  /**
   * Set when the surrounding control already says it is busy (e.g. a loading button with
   * aria-busy), so the spinner is not announced twice.
   */
  decorative?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZE_CLASS: Record<NonNullable<SpinnerProps['size']>, string> = {
  sm: 'size-4',
  md: 'size-6',
  lg: 'size-10',
};

export function Spinner({
  label = 'Loading',
  decorative = false,
  size = 'md',
  className,
}: SpinnerProps) {
  const icon = (
    <LoaderCircle aria-hidden="true" className={cx('animate-spin', SIZE_CLASS[size], className)} />
  );
  if (decorative) {
    return icon;
  }
  return (
    <span role="status" className="inline-flex items-center text-brand-600">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
