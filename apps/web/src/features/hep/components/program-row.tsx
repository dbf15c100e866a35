import {
  HEP_MAX_HOLD_SECONDS,
  HEP_MAX_NOTE_LENGTH,
  HEP_MIN_HOLD_SECONDS,
  HepNoteSchema,
  HoldSecondsSchema,
  RepsSchema,
  SetsSchema,
  type HepVideo,
} from '@homestretch/contract/hep/hep-item';
import { History, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { TextField } from '../../../ui/text-field';
import type { DraftChange, EntryChange } from './approval-draft';
import { HepPicture } from './hep-picture';
import type { ReorderControls } from './reorderable-list';

/** A row's edit: a draft's fields, and the hold where the row carries one. */
export type RowChange = DraftChange & { hold_seconds?: number | null };

export interface ProgramRowProps {
  video: HepVideo;
  sets: number;
  reps: number;
  /** Seconds each rep is held (null: no hold). */
  holdSeconds: number | null;
  description: string;
  /** 1-based place in the program. */
  place: number;
  /** How this entry differs from the program now (a proposal or a draft). */
  mark?: EntryChange;
  /** What a changed entry changes ("Sets 2 → 3"), said beside its mark. */
  changes?: readonly string[];
  controls?: ReorderControls | null;
  /** Saves sets, reps, the hold and notes; the row offers no edit without it. */
  onSave?: (change: RowChange) => Promise<unknown> | void;
  onRemove?: () => void;
  removing?: boolean;
  onHistory?: () => void;
  /** Small print under the notes (who changed it last). */
  footnote?: ReactNode;
}

const MARK_LABEL: Record<Exclude<EntryChange, 'same'>, { text: string; className: string }> = {
  added: { text: 'Added', className: 'bg-success-50 text-success-700' },
  changed: { text: 'Changed', className: 'bg-warning-50 text-warning-700' },
};

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink';

/** "3 sets × 10 reps", and ", hold 5 seconds" for an exercise with a hold. */
export function dosage(sets: number, reps: number, holdSeconds?: number | null): string {
  const counts = `${sets} ${sets === 1 ? 'set' : 'sets'} × ${reps} ${reps === 1 ? 'rep' : 'reps'}`;
  return holdSeconds
    ? `${counts}, hold ${holdSeconds} ${holdSeconds === 1 ? 'second' : 'seconds'}`
    : counts;
}

interface Fields {
  sets: string;
  reps: string;
  /** Empty for no hold. */
  hold: string;
  description: string;
}

type FieldErrors = Partial<Record<keyof Fields, string>>;

/** The dose's number fields, in the order the form shows them; a hold left empty is none. */
const DOSE_FIELDS: {
  key: 'sets' | 'reps' | 'hold';
  label: string;
  min: number;
  max: number;
  placeholder?: string;
}[] = [
  { key: 'sets', label: 'Sets', min: 1, max: 100 },
  { key: 'reps', label: 'Reps', min: 1, max: 100 },
  {
    key: 'hold',
    label: 'Hold (seconds)',
    min: HEP_MIN_HOLD_SECONDS,
    max: HEP_MAX_HOLD_SECONDS,
    placeholder: 'None',
  },
];

/** The form's values checked with the contract's own rules; only what changed is sent. */
export function readRowForm(
  fields: Fields,
  before: { sets: number; reps: number; holdSeconds: number | null; description: string },
): { change: RowChange; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const change: RowChange = {};
  const sets = SetsSchema.safeParse(fields.sets.trim() === '' ? undefined : Number(fields.sets));
  const reps = RepsSchema.safeParse(fields.reps.trim() === '' ? undefined : Number(fields.reps));
  const notes = HepNoteSchema.safeParse(fields.description);
  if (!sets.success) {
    errors.sets = sets.error.issues[0]?.message ?? 'Check the sets';
  } else if (sets.data !== before.sets) {
    change.sets = sets.data;
  }
  if (!reps.success) {
    errors.reps = reps.error.issues[0]?.message ?? 'Check the reps';
  } else if (reps.data !== before.reps) {
    change.reps = reps.data;
  }
  const hold =
    fields.hold.trim() === ''
      ? ({ success: true, data: null } as const)
      : HoldSecondsSchema.safeParse(Number(fields.hold));
  if (!hold.success) {
    errors.hold = hold.error.issues[0]?.message ?? 'Check the hold';
  } else if (hold.data !== before.holdSeconds) {
    change.hold_seconds = hold.data;
  }
  if (!notes.success) {
    errors.description = notes.error.issues[0]?.message ?? 'Check the notes';
  } else if (notes.data !== before.description) {
    change.description = notes.data;
  }
  return { change, errors };
}

/**
 * One exercise of a program: its picture, title, sets × reps (and hold) and the notes for the
 * patient, with the inline edit of sets, reps, hold and notes, remove, history and the move
 * controls where allowed.
 */
export function ProgramRow({
  video,
  sets,
  reps,
  holdSeconds,
  description,
  place,
  mark,
  changes = [],
  controls,
  onSave,
  onRemove,
  removing = false,
  onHistory,
  footnote,
}: ProgramRowProps) {
  const formId = useId();
  const [fields, setFields] = useState<Fields | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const open = () => {
    setFields({
      sets: String(sets),
      reps: String(reps),
      hold: holdSeconds === null ? '' : String(holdSeconds),
      description,
    });
    setErrors({});
    setSaveError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields || !onSave) {
      return;
    }
    const { change, errors: found } = readRowForm(fields, {
      sets,
      reps,
      holdSeconds,
      description,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    if (Object.keys(change).length === 0) {
      setFields(null);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(change);
      setFields(null);
    } catch (error) {
      setSaveError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const shownMark = mark && mark !== 'same' ? MARK_LABEL[mark] : null;

  // Laid out by the width the row is given, not the screen's: a program beside another (the
  // supervisor's corrections next to the request) stacks like a phone's in its half of a laptop.
  return (
    <div className="@container">
      <article
        aria-label={`${place}. ${video.title}`}
        className="flex flex-col gap-3 rounded-control border border-line bg-surface p-3 @xl:flex-row @xl:items-start"
      >
        <div className="flex items-start gap-3 @xl:contents">
          {controls && (
            <div className="flex shrink-0 items-center gap-0.5 print:hidden">
              {controls.handle}
              {controls.stepButtons}
            </div>
          )}
          <span
            aria-hidden="true"
            className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
          >
            {place}
          </span>
          {/* On the first line in a narrow row, at the row's end in a wide one. */}
          {!fields && (onSave || onRemove || onHistory) && (
            <div className="ml-auto flex shrink-0 items-center gap-1 @xl:order-last @xl:ml-0 print:hidden">
              {onHistory && (
                <button
                  type="button"
                  aria-label={`History of ${video.title}`}
                  onClick={onHistory}
                  className={ICON_BUTTON}
                >
                  <History aria-hidden="true" className="size-5" />
                </button>
              )}
              {onSave && (
                <button
                  type="button"
                  aria-label={`Edit ${video.title}`}
                  onClick={open}
                  className={ICON_BUTTON}
                >
                  <Pencil aria-hidden="true" className="size-5" />
                </button>
              )}
              {onRemove && (
                <button
                  type="button"
                  aria-label={`Remove ${video.title}`}
                  onClick={onRemove}
                  disabled={removing}
                  className={cx(ICON_BUTTON, 'hover:text-danger-700 disabled:opacity-50')}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              )}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <HepPicture
            video={video}
            className="aspect-video w-24 shrink-0 rounded-control @xl:w-32"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium text-ink">{video.title}</h3>
              {shownMark && (
                <span
                  className={cx(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    shownMark.className,
                  )}
                >
                  {shownMark.text}
                </span>
              )}
              {video.is_archived && (
                <span className="rounded-full bg-canvas px-2 py-0.5 text-xs text-ink-muted">
                  No longer in the library
                </span>
              )}
            </div>
            {fields ? (
              <form
                id={formId}
                noValidate
                onSubmit={(event) => void submit(event)}
                className="flex flex-col gap-3"
              >
                <div className="grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-3 @xl:max-w-md">
                  {DOSE_FIELDS.map(({ key, label, min, max, placeholder }) => (
                    <TextField
                      key={key}
                      label={label}
                      type="number"
                      inputMode="numeric"
                      min={min}
                      max={max}
                      placeholder={placeholder}
                      value={fields[key]}
                      error={errors[key]}
                      onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
                    />
                  ))}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${formId}-notes`} className="text-sm font-medium text-ink">
                    Notes for the patient
                  </label>
                  <textarea
                    id={`${formId}-notes`}
                    rows={2}
                    maxLength={HEP_MAX_NOTE_LENGTH}
                    value={fields.description}
                    aria-invalid={errors.description ? true : undefined}
                    onChange={(event) => setFields({ ...fields, description: event.target.value })}
                    className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink"
                  />
                  {errors.description && (
                    <p className="text-sm text-danger-700">{errors.description}</p>
                  )}
                </div>
                {saveError && <Alert tone="error">{saveError}</Alert>}
                <div className="flex gap-2">
                  <Button type="submit" size="sm" loading={saving}>
                    Save
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setFields(null)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <>
                {shownMark && changes.length > 0 && (
                  <p className="text-sm font-medium text-warning-700">{changes.join(' · ')}</p>
                )}
                <p className="text-sm font-medium text-ink">{dosage(sets, reps, holdSeconds)}</p>
                {description && (
                  <p className="text-sm whitespace-pre-line text-ink-muted">{description}</p>
                )}
                {footnote && <p className="text-xs text-ink-subtle">{footnote}</p>}
              </>
            )}
          </div>
        </div>
      </article>
    </div>
  );
}
