import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { errorMessage } from '../../../../lib/error-messages';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { Spinner } from '../../../../ui/spinner';
import { useTreatingStaff } from '../../../staff/api/get-staff';

export interface PickedTherapist {
  id: number;
  name: string;
}

export interface TherapistPickerProps {
  legend: string;
  value: readonly PickedTherapist[];
  onChange: (value: PickedTherapist[]) => void;
  error?: string;
  hint?: string;
}

/** Adds or removes one therapist, keeping the order in which they were picked. */
export function togglePicked(
  value: readonly PickedTherapist[],
  therapist: PickedTherapist,
  checked: boolean,
): PickedTherapist[] {
  const rest = value.filter((item) => item.id !== therapist.id);
  return checked ? [...rest, therapist] : rest;
}

/**
 * Checkboxes over the clinic's treating staff (office managers cannot treat). A clinic with
 * more than a page of them gets a filter box; picks made under another filter stay listed above.
 */
export function TherapistPicker({ legend, value, onChange, error, hint }: TherapistPickerProps) {
  const baseId = useId();
  const [filter, setFilter] = useState('');
  const search = useDebouncedValue(filter.trim());
  const staff = useTreatingStaff(search);
  const results = staff.data?.results ?? [];
  const showFilter = filter !== '' || (staff.data?.count ?? 0) > 8;
  const shownIds = new Set(results.map((member) => member.id));
  const pickedElsewhere = value.filter((item) => !shownIds.has(item.id));
  const pickedIds = new Set(value.map((item) => item.id));

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={
        [hint ? `${baseId}-hint` : '', error ? `${baseId}-error` : ''].join(' ').trim() || undefined
      }
    >
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      {hint && (
        <p id={`${baseId}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {showFilter && (
        <input
          type="search"
          aria-label={`Find ${legend.toLowerCase()}`}
          placeholder="Find by name"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="min-h-10 rounded-control border border-line-strong bg-surface px-3 text-base"
        />
      )}
      {pickedElsewhere.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Also chosen">
          {pickedElsewhere.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onChange(togglePicked(value, item, false))}
                className="inline-flex min-h-8 items-center gap-1 rounded-full bg-brand-50 px-3 text-sm text-brand-800 hover:bg-brand-100"
              >
                {item.name}
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">(remove)</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {staff.isPending ? (
        <Spinner label="Loading therapists" />
      ) : staff.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {errorMessage(staff.error)}
        </p>
      ) : results.length === 0 ? (
        <p className="text-sm text-ink-muted">No therapists match.</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-control border border-line p-1 sm:grid-cols-2">
          {results.map((member) => {
            const therapist = { id: member.id, name: `${member.first_name} ${member.last_name}` };
            return (
              <li key={member.id}>
                <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded-control px-2 text-sm hover:bg-canvas">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={pickedIds.has(member.id)}
                    onChange={(event) =>
                      onChange(togglePicked(value, therapist, event.target.checked))
                    }
                  />
                  <span className="min-w-0">
                    <span className="block truncate text-ink">{therapist.name}</span>
                    <span className="block text-xs text-ink-muted">{member.role_label}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={`${baseId}-error`} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The picker as the `therapists` field of the form around it (inside its FormProvider). */
export function TherapistPickerField({ legend, error }: { legend: string; error?: string }) {
  const { field } = useController<{ therapists: PickedTherapist[] }, 'therapists'>({
    name: 'therapists',
  });
  return (
    <TherapistPicker legend={legend} value={field.value} onChange={field.onChange} error={error} />
  );
}
