import {
  DROPDOWN_DEFAULT_LABEL,
  DROPDOWN_MAX_HEIGHT_PX,
} from '@homestretch/contract/common/constants';
import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from './cx';

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

export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/**
 * Where the highlighted option moves for a navigation key, in a list of `count` options.
 * Stops at the ends instead of wrapping (the WAI-ARIA listbox default). -1 means "none yet".
 */
export function moveActiveIndex(current: number, key: ListKey, count: number): number {
  if (count <= 0) {
    return -1;
  }
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return current < 0 ? 0 : Math.min(current + 1, count - 1);
    case 'ArrowUp':
      return current < 0 ? count - 1 : Math.max(current - 1, 0);
  }
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

function isListKey(key: string): key is ListKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
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
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [selected, setSelected] = useState<V | undefined>(value);
  const [seenValue, setSeenValue] = useState<V | undefined>(value);
  // Follow the parent when it changes the value (e.g. a form reset) without a sync effect.
  if (value !== seenValue) {
    setSeenValue(value);
    setSelected(value);
  }

  const selectedIndex = options.findIndex((option) => option.value === selected);
  const [open, setOpen] = useState(openOnLoad);
  const [activeIndex, setActiveIndex] = useState(selectedIndex);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Focus moves into the list only when the user opened it, never on openOnLoad.
  const focusListOnOpen = useRef(false);

  useEffect(() => {
    if (open && focusListOnOpen.current) {
      focusListOnOpen.current = false;
      listRef.current?.focus();
    }
  }, [open]);

  useEffect(() => {
    if (!open || activeIndex < 0) {
      return;
    }
    // Keeps the highlighted option visible inside the 275 px list (jsdom has no scrollIntoView).
    document
      .getElementById(`${baseId}-option-${activeIndex}`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, baseId]);

  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const closeOnOutsidePointer = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', closeOnOutsidePointer);
    return () => document.removeEventListener('mousedown', closeOnOutsidePointer);
  }, [open]);

  const openList = (startAt: number) => {
    focusListOnOpen.current = true;
    setActiveIndex(startAt);
    setOpen(true);
  };

  const closeList = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) {
      buttonRef.current?.focus();
    }
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option) {
      return;
    }
    setSelected(option.value);
    onChange?.(option.value);
    closeList(true);
  };

  const handleButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeList(false);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) {
        // Reached after openOnLoad, when focus is still on the button.
        setActiveIndex(moveActiveIndex(activeIndex, event.key, options.length));
        listRef.current?.focus();
      } else {
        openList(
          selectedIndex >= 0 ? selectedIndex : moveActiveIndex(-1, event.key, options.length),
        );
      }
    }
    // Enter and Space reach onClick through the native button behaviour.
  };

  const handleListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (isListKey(event.key)) {
      event.preventDefault();
      setActiveIndex((current) => moveActiveIndex(current, event.key as ListKey, options.length));
      return;
    }
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(activeIndex);
        return;
      case 'Escape':
        event.preventDefault();
        closeList(true);
        return;
      case 'Tab':
        // Let focus move on, but do not leave the list hanging open behind it.
        setOpen(false);
        return;
      default:
        return;
    }
  };

  return (
    <div ref={rootRef} className="relative inline-flex flex-col gap-1">
      <span id={labelId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => (open ? closeList(false) : openList(selectedIndex >= 0 ? selectedIndex : 0))}
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
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onKeyDown={handleListKeyDown}
          // Spec §2, §9: the open list scrolls beyond 275 px.
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX, overflowY: 'auto' }}
          className="absolute top-full left-0 z-10 mt-1 min-w-full rounded-control border border-line bg-surface py-1 shadow-pop"
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
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                data-active={index === activeIndex || undefined}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(index)}
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
