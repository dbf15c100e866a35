import type { TodayProgram } from '@homestretch/contract/patient-app/program';
import { Check, Flame } from 'lucide-react';
import { cx } from '../../ui/cx';
import { plural, weekdayLetter, weekdayName } from '../lib/program-format';

/**
 * This week, Monday to Sunday as the therapist's weekly progress has it (done, started, missed,
 * to come), the streak and the share of sets ticked over the last seven days.
 */
export function WeekSummary({ program }: { program: TodayProgram }) {
  return (
    <section aria-labelledby="week-heading" className="rounded-card bg-surface p-4 shadow-card">
      <h2 id="week-heading" className="text-lg font-semibold text-ink">
        This week
      </h2>
      <ol className="mt-3 grid grid-cols-7 gap-1">
        {program.week.map((day) => {
          const isToday = day.date === program.today;
          // Clinic dates (YYYY-MM-DD) compare as text.
          const toCome = day.date > program.today;
          const state = day.complete
            ? 'all done'
            : day.active
              ? 'started'
              : toCome
                ? 'to come'
                : 'not done';
          return (
            <li key={day.date} className="flex flex-col items-center gap-1">
              <span
                aria-hidden="true"
                className={cx('text-sm', isToday ? 'font-semibold text-ink' : 'text-ink-muted')}
              >
                {weekdayLetter(day.date)}
              </span>
              <span
                className={cx(
                  'flex size-10 items-center justify-center rounded-full border-2',
                  day.complete
                    ? 'border-brand-700 bg-brand-700 text-surface'
                    : day.active
                      ? 'border-brand-600 bg-brand-50 text-brand-800'
                      : toCome
                        ? 'border-dashed border-line bg-surface'
                        : 'border-line-strong bg-surface',
                  isToday && !day.complete && 'ring-2 ring-brand-200 ring-offset-1',
                )}
              >
                {day.complete && <Check aria-hidden="true" className="size-5" />}
                {!day.complete && day.active && (
                  <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-600" />
                )}
                <span className="sr-only">
                  {isToday ? 'Today' : weekdayName(day.date)}: {state}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-control bg-canvas px-3 py-2">
          <dt className="text-sm text-ink-muted">Streak</dt>
          <dd className="flex items-center gap-1.5 text-xl font-semibold text-ink">
            <Flame
              aria-hidden="true"
              className={cx(
                'size-5',
                program.streak_days > 0 ? 'text-warning-700' : 'text-ink-subtle',
              )}
            />
            {plural(program.streak_days, 'day')}
          </dd>
        </div>
        <div className="rounded-control bg-canvas px-3 py-2">
          <dt className="text-sm text-ink-muted">Sets done, 7 days</dt>
          <dd className="text-xl font-semibold text-ink">{program.adherence_percent}%</dd>
        </div>
      </dl>
    </section>
  );
}
