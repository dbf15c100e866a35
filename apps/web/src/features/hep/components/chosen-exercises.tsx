import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { cx } from '../../../ui/cx';
import { HEP_MAX_HOLD_SECONDS } from '@homestretch/contract/hep/hep-item';
import { programCount, programHold, type DraftEntry } from './approval-draft';
import { HepPicture } from './hep-picture';

/** What the therapist chose, with the sets, reps and hold of each, before they are sent. */
export function ChosenExercises({
  chosen,
  onChange,
  patientName,
}: {
  chosen: DraftEntry[];
  onChange: (next: DraftEntry[]) => void;
  patientName: string;
}) {
  const headingId = useId();
  const change = (
    videoId: number,
    counts: Partial<Pick<DraftEntry, 'sets' | 'reps' | 'hold_seconds'>>,
  ) =>
    onChange(chosen.map((entry) => (entry.video_id === videoId ? { ...entry, ...counts } : entry)));
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-card border border-line bg-canvas p-3"
    >
      <h3 id={headingId} className="font-semibold text-ink">
        Chosen for {patientName} ({chosen.length})
      </h3>
      {chosen.length === 0 ? (
        <p className="text-sm text-ink-muted">
          Choose exercises from the list; set their sets, reps and hold here.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {chosen.map((entry) => (
            <li key={entry.video_id} className="flex flex-col gap-2 rounded-control bg-surface p-2">
              <div className="flex items-center gap-2">
                <HepPicture
                  video={entry.video}
                  className="aspect-video w-14 shrink-0 rounded-control"
                />
                <p className="min-w-0 flex-1 text-sm font-medium text-ink">{entry.video.title}</p>
                <button
                  type="button"
                  aria-label={`Take ${entry.video.title} off the list`}
                  onClick={() =>
                    onChange(chosen.filter((item) => item.video_id !== entry.video_id))
                  }
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-danger-700"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </div>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                <CountInput
                  label="Sets"
                  title={entry.video.title}
                  value={entry.sets}
                  read={readCount}
                  onChange={(sets) => {
                    if (sets !== null) {
                      change(entry.video_id, { sets });
                    }
                  }}
                />
                <CountInput
                  label="Reps"
                  title={entry.video.title}
                  value={entry.reps}
                  read={readCount}
                  onChange={(reps) => {
                    if (reps !== null) {
                      change(entry.video_id, { reps });
                    }
                  }}
                />
                <CountInput
                  label="Hold (s)"
                  ariaLabel="Hold in seconds"
                  title={entry.video.title}
                  value={entry.hold_seconds}
                  max={HEP_MAX_HOLD_SECONDS}
                  read={readHold}
                  onChange={(hold_seconds) => change(entry.video_id, { hold_seconds })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What a box holds: the number taken, or `invalid` while it cannot be. */
type Read = { value: number | null } | 'invalid';

/** Sets and reps: a whole number from 1 to 100. */
function readCount(raw: string): Read {
  return /^\d+$/.test(raw) && programCount(Number(raw)) === Number(raw)
    ? { value: Number(raw) }
    : 'invalid';
}

/** A hold: empty for none, else a whole number of seconds from 1 to 600. */
function readHold(raw: string): Read {
  if (raw.trim() === '') {
    return { value: null };
  }
  return /^\d+$/.test(raw) && programHold(Number(raw)) === Number(raw)
    ? { value: Number(raw) }
    : 'invalid';
}

/**
 * A count typed freely (clearing the box to type another number is fine); only what `read`
 * takes is kept, and leaving the box shows the count kept.
 */
function CountInput({
  label,
  ariaLabel = label,
  title,
  value,
  max = 100,
  read,
  onChange,
}: {
  label: string;
  ariaLabel?: string;
  title: string;
  value: number | null;
  max?: number;
  read: (raw: string) => Read;
  onChange: (value: number | null) => void;
}) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  return (
    <label className="flex items-center gap-1 text-sm text-ink-muted">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={text}
        placeholder={value === null ? 'None' : undefined}
        aria-label={`${ariaLabel} for ${title}`}
        aria-invalid={read(text) === 'invalid' ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const taken = read(event.target.value);
          if (taken !== 'invalid') {
            onChange(taken.value);
          }
        }}
        onBlur={() => setText(shown)}
        // A hold's three digits and its "None" need a wider box than a count's two.
        className={cx(
          'min-h-10 rounded-control border border-line-strong bg-surface px-2 text-base text-ink',
          max > 100 ? 'w-20' : 'w-16',
        )}
      />
    </label>
  );
}
