import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { programCount, type DraftEntry } from './approval-draft';
import { HepPicture } from './hep-picture';

/** What the therapist chose, with the sets and reps of each, before they are sent. */
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
  const change = (videoId: number, counts: Partial<Pick<DraftEntry, 'sets' | 'reps'>>) =>
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
          Choose exercises from the list; set their sets and reps here.
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
              <div className="flex gap-4">
                <CountInput
                  label="Sets"
                  title={entry.video.title}
                  value={entry.sets}
                  onChange={(sets) => change(entry.video_id, { sets })}
                />
                <CountInput
                  label="Reps"
                  title={entry.video.title}
                  value={entry.reps}
                  onChange={(reps) => change(entry.video_id, { reps })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A count typed freely (clearing the box to type another number is fine); only a whole number
 * from 1 to 100 is taken, and leaving the box shows the count kept.
 */
function CountInput({
  label,
  title,
  value,
  onChange,
}: {
  label: string;
  title: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const valid = (raw: string) => /^\d+$/.test(raw) && programCount(Number(raw)) === Number(raw);
  return (
    <label className="flex items-center gap-1 text-sm text-ink-muted">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        value={text}
        aria-label={`${label} for ${title}`}
        aria-invalid={valid(text) ? undefined : true}
        onChange={(event) => {
          setText(event.target.value);
          if (valid(event.target.value)) {
            onChange(Number(event.target.value));
          }
        }}
        onBlur={() => setText(String(value))}
        className="min-h-10 w-16 rounded-control border border-line-strong bg-surface px-2 text-base text-ink"
      />
    </label>
  );
}
