import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cx } from '../../../ui/cx';
import { useListbox, usePopover } from '../../../ui/popover';
import { Spinner } from '../../../ui/spinner';
import { useIcd10Codes } from '../api/search-icd10-codes';
import { displayIcd10Code } from './icd10-code';

export interface DiagnosisValue {
  /** The diagnosis in words: the chosen code's description, or free text. */
  diagnosis: string;
  /** The chosen ICD-10-CM code without its dot, or null for free text. */
  code: string | null;
}

export interface Icd10ComboboxProps {
  label: string;
  value: DiagnosisValue;
  onChange: (value: DiagnosisValue) => void;
  /** For the diagnosis words. */
  error?: string;
  /** For the code (the server refuses unknown or non-billable codes). */
  codeError?: string;
  hint?: string;
}

/** Searching below this many characters matches half the code set and helps nobody. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * Diagnosis field with ICD-10-CM suggestions (WAI-ARIA 1.2 combobox with a listbox popup): type
 * a code or words, move with the arrow keys, Enter picks, Escape closes. Free text stays
 * allowed; only a picked code fills `selected_code`.
 */
export function Icd10Combobox({
  label,
  value,
  onChange,
  error,
  codeError,
  hint,
}: Icd10ComboboxProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;

  // Whether the user wants suggestions; they show once there is a term to search for.
  const [open, setOpen] = useState(false);
  const term = useDebouncedValue(value.diagnosis.trim());
  const searching = open && term.length >= MIN_SEARCH_LENGTH && value.code === null;
  const codes = useIcd10Codes(searching ? term : '');
  const options = searching ? (codes.data ?? []) : [];
  const expanded = searching && (options.length > 0 || codes.isFetched);
  // The field sits in a modal: Escape closes the suggestions first, not the dialog.
  const { rootRef, triggerRef, floatingRef } = usePopover<HTMLInputElement, HTMLUListElement>({
    open: expanded,
    placement: { matchWidth: 'exact' },
    onOpenChange: (next) => setOpen(next),
  });

  const pick = (index: number) => {
    const option = options[index];
    if (!option?.billable) {
      return;
    }
    onChange({ diagnosis: option.description, code: option.code });
    setOpen(false);
  };

  const listbox = useListbox(baseId, {
    open: expanded,
    count: options.length,
    onPick: pick,
    // Categories cannot be chosen: the arrows skip them.
    isDisabled: (index) => !options[index]?.billable,
    homeEnd: false,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      setOpen(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
    listbox.handleKey(event);
  };

  const describedBy =
    [hint ? hintId : null, error || codeError ? errorId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div ref={rootRef} className="relative">
        <input
          ref={triggerRef}
          id={inputId}
          type="text"
          {...listbox.comboboxProps}
          aria-invalid={error || codeError ? true : undefined}
          aria-describedby={describedBy}
          value={value.diagnosis}
          placeholder="Code or words, e.g. M54.50 or low back pain"
          onChange={(event) => {
            onChange({ diagnosis: event.target.value, code: null });
            setOpen(true);
            listbox.setActiveIndex(-1);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cx(
            'min-h-10 w-full rounded-control border bg-surface px-3 pr-10 text-base text-ink placeholder:text-ink-subtle',
            error || codeError ? 'border-danger-600' : 'border-line-strong',
          )}
        />
        {searching && codes.isFetching && (
          <span className="absolute top-1/2 right-3 -translate-y-1/2">
            <Spinner size="sm" label="Searching ICD-10 codes" />
          </span>
        )}
        <ul
          ref={floatingRef}
          id={listbox.listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="fixed z-20 max-h-60 overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-pop"
        >
          {expanded && options.length === 0 && (
            <li role="presentation" className="px-3 py-2 text-sm text-ink-muted">
              No ICD-10 codes match. You can keep your own words.
            </li>
          )}
          {options.map((option, index) => (
            <li
              key={option.code}
              {...listbox.optionProps(index)}
              aria-selected={index === listbox.activeIndex}
              aria-disabled={option.billable ? undefined : true}
              className={cx(
                'flex cursor-pointer gap-3 px-3 py-2 text-sm',
                index === listbox.activeIndex && 'bg-brand-50',
                !option.billable && 'cursor-default text-ink-subtle',
              )}
            >
              <span className="w-16 shrink-0 font-mono font-semibold text-brand-800">
                {option.display_code}
              </span>
              <span className="min-w-0">
                {option.description}
                {!option.billable && (
                  <span className="block text-xs">Category: choose a code under it</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {value.code && (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <span>
            ICD-10-CM{' '}
            <span className="font-mono font-semibold text-brand-800">
              {displayIcd10Code(value.code)}
            </span>
          </span>
          <button
            type="button"
            onClick={() => {
              onChange({ diagnosis: value.diagnosis, code: null });
              triggerRef.current?.focus();
            }}
            className="inline-flex min-h-8 items-center gap-1 rounded-control px-2 text-ink-muted hover:bg-canvas hover:text-ink"
          >
            <X aria-hidden="true" className="size-3.5" />
            Remove code
          </button>
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {(error || codeError) && (
        <p id={errorId} className="text-sm text-danger-700">
          {[error, codeError].filter(Boolean).join(' ')}
        </p>
      )}
    </div>
  );
}

/**
 * The combobox as the `diagnosis` field of the form around it (inside its FormProvider), with
 * the errors of the body's `diagnosis` and `selected_code`.
 */
export function DiagnosisField({
  label,
  hint,
  errors,
}: {
  label: string;
  hint?: string;
  errors: Partial<Record<string, string>>;
}) {
  const { field } = useController<{ diagnosis: DiagnosisValue }, 'diagnosis'>({
    name: 'diagnosis',
  });
  return (
    <Icd10Combobox
      label={label}
      hint={hint}
      value={field.value}
      onChange={field.onChange}
      error={errors.diagnosis}
      codeError={errors.selected_code}
    />
  );
}
