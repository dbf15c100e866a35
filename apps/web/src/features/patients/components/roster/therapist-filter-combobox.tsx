import { DROPDOWN_MAX_HEIGHT_PX } from '@homestretch/contract/common/constants';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../../lib/error-messages';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { cx } from '../../../../ui/cx';
import { useListbox, usePopover } from '../../../../ui/popover';
import { Spinner } from '../../../../ui/spinner';
import { useTreatingStaff } from '../../../staff/api/get-staff';
import {
  therapistChoices,
  therapistLabel,
  unlistedTherapistsNote,
  type NamedStaff,
  type TherapistFilter,
} from './roster-filters';

export interface TherapistFilterComboboxProps {
  value: TherapistFilter;
  onChange: (value: TherapistFilter) => void;
  caller: { id: number; treats: boolean };
  /**
   * People the screen can already name (the roster rows' therapists), so a chosen therapist on
   * no loaded staff page still shows by name.
   */
  known: readonly NamedStaff[];
  className?: string;
}

/**
 * The roster's therapist filter, searchable because GET /clinic/therapist answers 25 staff a
 * page: typing asks the server (debounced; a search overtaken by the next is cancelled with its
 * query). Same WAI-ARIA 1.2 combobox with a listbox popup as the diagnosis field
 * (icd10-combobox.tsx): the arrow keys move, Enter picks, Escape closes and puts the chosen
 * therapist's name back. Leaving the box without picking keeps the filter as it was.
 */
export function TherapistFilterCombobox({
  value,
  onChange,
  caller,
  known,
  className,
}: TherapistFilterComboboxProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;

  // What the user typed; null while the box shows the chosen therapist.
  const [typed, setTyped] = useState<string | null>(null);
  // The last pick, so its name stays shown when it is on no page the screen holds.
  const [picked, setPicked] = useState<NamedStaff | null>(null);
  const { open, setOpen, rootRef, triggerRef, floatingRef } = usePopover<
    HTMLInputElement,
    HTMLUListElement
  >({
    placement: { matchWidth: 'exact' },
    // Closing without a pick puts the chosen therapist's name back.
    onOpenChange: (next) => {
      if (!next) {
        setTyped(null);
      }
    },
  });
  const term = useDebouncedValue((typed ?? '').trim());
  const firstPage = useTreatingStaff('');
  const found = useTreatingStaff(term);
  const staff = found.data?.results ?? [];
  const options = therapistChoices(staff, caller, term !== '');
  const label = therapistLabel(value, [
    ...(firstPage.data?.results ?? []),
    ...(picked ? [picked] : []),
    ...known,
  ]);
  // Stale rows from the previous search stay listed while the next one loads, never "no match".
  const settled = found.isSuccess && !found.isPlaceholderData;
  const unlisted = found.data
    ? unlistedTherapistsNote(found.data.count, found.data.results.length, term !== '')
    : null;

  const pick = (index: number) => {
    const option = options[index];
    if (!option) {
      return;
    }
    const member = staff.find((person) => person.id === option.value);
    if (member) {
      setPicked(member);
    }
    onChange(option.value);
    setOpen(false);
  };

  const listbox = useListbox(baseId, {
    open,
    count: options.length,
    onPick: pick,
    homeEnd: false,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      // Opening starts on the chosen option, so the arrows move on from where the filter is.
      event.preventDefault();
      setOpen(true);
      listbox.highlightOnOpen(
        options.findIndex((option) => option.value === value),
        event.key,
      );
      return;
    }
    if (open) {
      listbox.handleKey(event);
    }
  };

  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Therapist
      </label>
      <div ref={rootRef} className="relative">
        <input
          ref={triggerRef}
          id={inputId}
          type="text"
          {...listbox.comboboxProps}
          value={typed ?? label}
          placeholder="Type a name"
          onClick={(event) => {
            // The chosen name is selected, so typing replaces it with a search. On click, not on
            // focus: the mouseup after a focus would undo the selection (tabbing in selects natively).
            if (typed === null) {
              event.currentTarget.select();
            }
            setOpen(true);
          }}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            listbox.setActiveIndex(-1);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="min-h-10 w-full rounded-control border border-line-strong bg-surface pr-9 pl-3 text-base text-ink placeholder:text-ink-subtle"
        />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2">
          {open && found.isFetching ? (
            <Spinner size="sm" label="Searching therapists" />
          ) : (
            <ChevronDown aria-hidden="true" className="size-4 text-ink-subtle" />
          )}
        </span>
        <ul
          ref={floatingRef}
          id={listbox.listId}
          role="listbox"
          aria-label="Therapists"
          hidden={!open}
          // Spec §2, §9: like the dropdowns beside it, the open list scrolls beyond 275 px.
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
          className="fixed z-20 overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-pop"
        >
          {options.map((option, index) => (
            <li
              key={String(option.value)}
              {...listbox.optionProps(index)}
              aria-selected={index === listbox.activeIndex}
              className={cx(
                'flex min-h-10 cursor-pointer items-center justify-between gap-2 px-3 text-base text-ink',
                index === listbox.activeIndex && 'bg-brand-50',
                option.value === value && 'font-medium text-brand-700',
              )}
            >
              {option.label}
              {option.value === value && <Check aria-hidden="true" className="size-4" />}
            </li>
          ))}
          {found.isPending ? (
            <li role="presentation" className="px-3 py-2">
              <Spinner size="sm" label="Loading therapists" />
            </li>
          ) : found.isError ? (
            <li role="presentation" className="px-3 py-2 text-sm text-danger-700">
              Therapist names could not be loaded. {errorMessage(found.error)}
            </li>
          ) : settled && term !== '' && options.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-ink-muted">
              No therapist matches “{term}”
            </li>
          ) : settled && unlisted ? (
            <li role="presentation" className="px-3 py-2 text-sm text-ink-muted">
              {unlisted}
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
