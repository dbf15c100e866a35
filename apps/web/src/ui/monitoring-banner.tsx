import { Activity, ListOrdered } from 'lucide-react';
import { cx } from './cx';

/** spec §2: the banner names the patient by first name and last initial, "Ana L.". */
export function shortName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** Minutes and seconds, "04:07"; minutes go on past 59 ("75:00"). */
export function formatElapsed(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export interface MonitoringBannerProps {
  /** The monitored patient; none while priority mode waits between patients. */
  patient: { firstName: string; lastName: string; elapsedSeconds: number } | null;
  /** Priority-monitoring mode: yellow, the minutes the patient still needs, and the list. */
  priority?: { remainingMinutes: number | null; onViewList: () => void };
}

/**
 * The floating monitoring banner of spec §2, top centre, in the header: in the middle of its
 * row on a wide screen, a row of its own below it on a narrower one. Laid over the page below
 * the header, it covered the values of a table scrolled beneath it (issue 30, item 9). The
 * status line is a polite live
 * region, announced when monitoring starts or changes patient; the timer is outside it (role
 * timer, not live), so a screen reader is not read a number every second.
 */
export function MonitoringBanner({ patient, priority }: MonitoringBannerProps) {
  const outOf = priority?.remainingMinutes ?? null;
  return (
    <div
      data-monitoring-banner
      className="-mx-4 flex h-12 items-center justify-center border-t border-line px-3 md:-mx-6 xl:mx-0 xl:h-16 xl:border-0 xl:px-0"
    >
      <div
        data-testid="monitoring-banner"
        data-mode={priority ? 'priority' : 'normal'}
        className={cx(
          'flex max-w-full min-w-0 items-center gap-x-3 gap-y-1 rounded-card border px-4 py-1.5 text-sm',
          priority
            ? 'border-warning-400 bg-warning-100 text-ink'
            : 'border-brand-200 bg-brand-50 text-brand-900',
        )}
      >
        <Activity
          aria-hidden="true"
          className={cx('size-4 shrink-0', priority ? 'text-warning-700' : 'text-brand-700')}
        />
        <p role="status" aria-live="polite" className="min-w-0 truncate font-medium">
          {patient ? (
            <>
              Monitoring {shortName(patient.firstName, patient.lastName)}
              {outOf !== null && <span className="sr-only">, out of {outOf} mins</span>}
            </>
          ) : (
            'Priority monitoring'
          )}
        </p>
        {patient && (
          <span className="shrink-0 font-semibold tabular-nums">
            <span role="timer" aria-live="off" aria-label="Time monitored">
              {formatElapsed(patient.elapsedSeconds)}
            </span>
            {outOf !== null && (
              <span aria-hidden="true" className="font-normal">
                {' '}
                out of {outOf} mins
              </span>
            )}
          </span>
        )}
        {priority && (
          <button
            type="button"
            onClick={priority.onViewList}
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-control px-2 font-medium text-ink underline hover:bg-warning-50"
          >
            <ListOrdered aria-hidden="true" className="size-4" />
            View List
          </button>
        )}
      </div>
    </div>
  );
}
