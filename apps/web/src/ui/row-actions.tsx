import { MoreHorizontal } from 'lucide-react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { cx } from './cx';
import { usePopover } from './popover';

export interface RowAction {
  key: string;
  label: string;
  onSelect: () => void;
  tone?: 'danger';
}

export interface RowActionsProps {
  /** Names the button for screen readers: "Actions for Jane Doe". */
  label: string;
  actions: readonly RowAction[];
}

/**
 * A disclosure of action buttons for one row (a patient, a folder): the button toggles it, a click outside closes
 * it, Escape closes it and gives focus back, the arrow keys move between the actions.
 */
export function RowActions({ label, actions }: RowActionsProps) {
  const listId = useId();
  const {
    open,
    setOpen,
    rootRef,
    triggerRef,
    floatingRef: listRef,
  } = usePopover<HTMLButtonElement, HTMLUListElement>({ placement: { align: 'end' } });

  useEffect(() => {
    if (open) {
      listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }
  }, [open, listRef]);

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = Array.from(
      listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [],
    );
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  // A role with nothing to do on the row (a supervisor) gets no empty menu.
  if (actions.length === 0) {
    return null;
  }

  return (
    <div ref={rootRef} className="relative inline-flex">
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
        className="inline-flex size-10 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          onKeyDown={onListKeyDown}
          className="fixed z-20 w-56 rounded-control border border-line bg-surface py-1 shadow-pop"
        >
          {actions.map((action) => (
            <li key={action.key}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false, true);
                  action.onSelect();
                }}
                className={cx(
                  'flex min-h-10 w-full items-center px-3 text-left text-sm hover:bg-canvas focus:bg-canvas',
                  action.tone === 'danger' ? 'text-danger-700' : 'text-ink',
                )}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
