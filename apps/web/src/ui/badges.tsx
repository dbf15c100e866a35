import { cx } from './cx';

export type BadgeSize = 'big' | 'normal';
export type BadgeAxis = 'x' | 'y';

/** Spec §5: an optional minus sign, digits, then px. Nothing else (no rem, no decimals). */
export const BADGE_OFFSET_PATTERN = /^-?\d+px$/;

/** Spec §5 fallbacks: x sits on the host's edge, y lifts the badge 20 px above it. */
export const BADGE_OFFSET_FALLBACK: Record<BadgeAxis, string> = { x: '0px', y: '-20px' };

export function normalizeOffset(value: unknown, axis: BadgeAxis): string {
  return typeof value === 'string' && BADGE_OFFSET_PATTERN.test(value)
    ? value
    : BADGE_OFFSET_FALLBACK[axis];
}

export function normalizeBadgeSize(value: unknown): BadgeSize {
  return value === 'big' || value === 'normal' ? value : 'normal';
}

export interface BadgePlacement {
  size?: BadgeSize;
  /** Offset from the host's right edge, e.g. '-4px'. */
  x?: string;
  /** Offset from the host's top edge, e.g. '-20px'. */
  y?: string;
}

/**
 * Spec §5: size must be big or normal, offsets must look like '-12px'; anything else falls
 * back (size normal, x '0px', y '-20px') instead of throwing, because a badge is never worth
 * breaking a screen over. Inputs are `unknown` since they may come from untyped config.
 */
export function validateBadgeProps(props: { size?: unknown; x?: unknown; y?: unknown }): {
  size: BadgeSize;
  x: string;
  y: string;
} {
  return {
    size: normalizeBadgeSize(props.size),
    x: normalizeOffset(props.x, 'x'),
    y: normalizeOffset(props.y, 'y'),
  };
}

const SIZE_CLASS: Record<BadgeSize, { round: string; pill: string }> = {
  normal: { round: 'size-5 text-xs', pill: 'h-5 px-1.5 text-xs' },
  big: { round: 'size-7 text-sm', pill: 'h-7 px-2.5 text-sm' },
};

// The host element must be `relative`; the badge hangs off its top-right corner.
function placementStyle(x: string, y: string) {
  return { position: 'absolute', right: x, top: y } as const;
}

export interface CountBadgeProps extends BadgePlacement {
  /** Spec §2 shows '1' for a newly uploaded billing file. */
  count?: number;
  /** What the number means, for screen readers. */
  label?: string;
  className?: string;
}

export function CountBadge({ count = 1, label, className, ...placement }: CountBadgeProps) {
  const { size, x, y } = validateBadgeProps(placement);
  return (
    <span
      data-size={size}
      style={placementStyle(x, y)}
      className={cx(
        'inline-flex items-center justify-center rounded-full bg-danger-600 font-semibold text-surface',
        SIZE_CLASS[size].round,
        className,
      )}
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label ?? `${count} new`}</span>
    </span>
  );
}

export interface NewBadgeProps extends BadgePlacement {
  className?: string;
}

/** Spec §2: marks a new feature. */
export function NewBadge({ className, ...placement }: NewBadgeProps) {
  const { size, x, y } = validateBadgeProps(placement);
  return (
    <span
      data-size={size}
      style={placementStyle(x, y)}
      className={cx(
        'inline-flex items-center rounded-full bg-brand-700 font-semibold text-surface',
        SIZE_CLASS[size].pill,
        className,
      )}
    >
      New
    </span>
  );
}
