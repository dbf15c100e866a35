import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * The buttons at the foot of a modal: stacked with the main action on top on a phone, in a row
 * on the right from `sm` up. `divided` draws the rule that separates a form from its buttons.
 */
export function ModalActions({
  children,
  divided = false,
}: {
  children: ReactNode;
  divided?: boolean;
}) {
  return (
    <div
      className={cx(
        'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
        divided && 'border-t border-line pt-4',
      )}
    >
      {children}
    </div>
  );
}
