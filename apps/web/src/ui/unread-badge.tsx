import { cx } from './cx';

/**
 * Unread chat messages on the way to the chat (the staff menu, the patient app's program): the
 * count shown, "N unread messages" read aloud. Nothing when none are unread.
 */
export function UnreadBadge({
  count,
  large = false,
  className,
}: {
  count: number;
  /** The patient app's larger type. */
  large?: boolean;
  className?: string;
}) {
  if (count <= 0) {
    return null;
  }
  return (
    <span
      className={cx(
        'inline-flex items-center justify-center rounded-full bg-danger-600 font-semibold text-surface',
        large ? 'h-7 min-w-7 px-2 text-base' : 'h-5 min-w-5 px-1.5 text-xs',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">
        , {count === 1 ? '1 unread message' : `${count} unread messages`}
      </span>
    </span>
  );
}
