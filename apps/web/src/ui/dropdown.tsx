import {
  DROPDOWN_DEFAULT_LABEL,
  DROPDOWN_MAX_HEIGHT_PX,
} from '@homestretch/contract/common/constants';
import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from './cx';
import { useListbox, usePopover } from './popover';

export type DropdownValue = string | number;

export interface DropdownOption<V extends DropdownValue = DropdownValue> {
  value: V;
  label: string;
}

export interface DropdownProps<V extends DropdownValue = DropdownValue> {
  options: ReadonlyArray<DropdownOption<V>>;
  /** The selected value; none by default (spec §2). Later changes to it are followed. */
  value?: V;
  /** Shown while nothing is selected (spec §2, §9: 'Please select'). */
  initialLabel?: string;
  /** Opens the list on first render without stealing focus. */
  openOnLoad?: boolean;
  /** Extra classes for the button, e.g. a width. */
  buttonClassName?: string;
  /** Receives the chosen option's value (spec §2). */
  onChange?: (value: V) => void;
  /** Accessible name of the control. */
  label: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  disabled?: boolean;
}

/** The button text: the selected option's label, else the initial label. */
export function dropdownButtonLabel<V extends DropdownValue>(
  options: ReadonlyArray<DropdownOption<V>>,
  value: V | undefined,
  initialLabel: string = DROPDOWN_DEFAULT_LABEL,
): string {
  if (value === undefined) {
    return initialLabel;
  }
  return options.find((option) => option.value === value)?.label ?? initialLabel;
}

export function Dropdown<V extends DropdownValue>({
  options,
  value,
  initialLabel = DROPDOWN_DEFAULT_LABEL,
  openOnLoad = false,
  buttonClassName,
  onChange,
  label,
  hideLabel = false,
  disabled = false,
}: DropdownProps<V>) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const buttonId = `${baseId}-button`;

  const [selected, setSelected] = useState<V | undefined>(value);
  const [seenValue, setSeenValue] = useState<V | undefined>(value);
  // Follow the parent when it changes the value (e.g. a form reset) without a sync effect.
  if (value !== seenValue) {
    setSeenValue(value);
    setSelected(value);
  }

  const selectedIndex = options.findIndex((option) => option.value === selected);
  const {
    open,
    setOpen,
    rootRef,
    triggerRef,
    floatingRef: listRef,
  } = usePopover<HTMLButtonElement, HTMLUListElement>({
    initialOpen: openOnLoad,
    placement: { matchWidth: 'min' },
  });
  // Focus moves into the list only when the user opened it, never on openOnLoad.
  const focusListOnOpen = useRef(false);

  const choose = (index: number) => {
    const option = options[index];
    if (!option) {
      return;
    }
    setSelected(option.value);
    onChange?.(option.value);
    setOpen(false, true);
  };

  const listbox = useListbox(baseId, {
    open,
    count: options.length,
    onPick: choose,
    // openOnLoad highlights the selected option, like opening from the button.
    initialActiveIndex: selectedIndex,
  });
  const { activeIndex, listId } = listbox;

  useEffect(() => {
    if (open && focusListOnOpen.current) {
      focusListOnOpen.current = false;
      listRef.current?.focus();
    }
  }, [open, listRef]);

  const openList = (key?: 'ArrowDown' | 'ArrowUp') => {
    focusListOnOpen.current = true;
    listbox.highlightOnOpen(selectedIndex, key);
    setOpen(true);
  };

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) {
        // Reached after openOnLoad, when focus is still on the button.
        listbox.handleKey(event);
        listRef.current?.focus();
      } else {
        openList(event.key);
      }
    }
    // Enter and Space reach onClick through the native button behaviour; Escape, the layer.
  };

  const handleListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (listbox.handleKey(event)) {
      return;
    }
    if (event.key === ' ') {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Tab') {
      // Let focus move on, but do not leave the list hanging open behind it.
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative inline-flex flex-col gap-1">
      <span id={labelId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={buttonId}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={handleButtonKeyDown}
        className={cx(
          'inline-flex min-h-10 items-center justify-between gap-2 rounded-control border border-line-strong bg-surface px-3 text-left text-base text-ink',
          'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-ink-subtle',
          selected === undefined && 'text-ink-muted',
          buttonClassName,
        )}
      >
        <span className="truncate">{dropdownButtonLabel(options, selected, initialLabel)}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={listbox.activeDescendant}
          onKeyDown={handleListKeyDown}
          // Spec §2, §9: the open list scrolls beyond 275 px.
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX, overflowY: 'auto' }}
          className="fixed z-10 rounded-control border border-line bg-surface py-1 shadow-pop"
        >
          {options.length === 0 && (
            <li role="presentation" className="px-3 py-2 text-sm text-ink-subtle">
              No options
            </li>
          )}
          {options.map((option, index) => {
            const isSelected = option.value === selected;
            return (
              <li
                key={String(option.value)}
                {...listbox.optionProps(index)}
                aria-selected={isSelected}
                data-active={index === activeIndex || undefined}
                className={cx(
                  'flex min-h-10 cursor-pointer items-center justify-between gap-2 px-3 text-base text-ink',
                  index === activeIndex && 'bg-brand-50',
                  isSelected && 'font-medium text-brand-700',
                )}
              >
                {option.label}
                {isSelected && <Check aria-hidden="true" className="size-4" />}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
