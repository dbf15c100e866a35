import { Check } from 'lucide-react';
import { cx } from '../../ui/cx';
import { tickSet } from '../lib/sets';

export interface SetTicksProps {
  sets: number;
  reps: number;
  done: number;
  /** Ticking needs the server; offline the ticks are shown, not changed. */
  disabled: boolean;
  onChange: (setsDone: number) => void;
}

/** One large button per set, ticked in order (lib/sets.ts). */
export function SetTicks({ sets, reps, done, disabled, onChange }: SetTicksProps) {
  return (
    <section aria-labelledby="sets-heading" className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="sets-heading" className="text-lg font-semibold text-ink">
          Sets
        </h2>
        <p className="text-base text-ink-muted">
          {done} of {sets} done
        </p>
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-3">
        {Array.from({ length: sets }, (_, index) => {
          const number = index + 1;
          const ticked = number <= done;
          return (
            <li key={number}>
              <button
                type="button"
                aria-pressed={ticked}
                disabled={disabled}
                onClick={() => onChange(tickSet(number, done))}
                className={cx(
                  'flex min-h-16 w-full items-center justify-center gap-2 rounded-control border-2 px-3 text-lg font-semibold transition-colors',
                  'disabled:cursor-not-allowed disabled:opacity-60',
                  ticked
                    ? 'border-brand-700 bg-brand-700 text-surface'
                    : 'border-line-strong bg-surface text-ink hover:border-brand-600',
                )}
              >
                {ticked && <Check aria-hidden="true" className="size-6" />}
                Set {number}
                <span className="sr-only">, {reps} reps</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
