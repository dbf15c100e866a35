import type { RtmCaseParsed } from '@homestretch/contract/billing/rtm-case';
import { cx } from '../../../ui/cx';
import { plural } from './billing-format';
import { formatClinicMoment } from '../../../lib/clinic-time';
import { dataDayCalendar, formatDuration, sessionRows } from './case-record-rules';

const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/** Days of the month on which the patient's app sent data, on a small calendar. */
function DataDaysCalendar({ rtmCase }: { rtmCase: RtmCaseParsed }) {
  const inMonth = rtmCase.data_days.filter((day) => day.startsWith(rtmCase.month));
  const elsewhere = rtmCase.data_days.length - inMonth.length;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-ink-muted">
        {plural(inMonth.length, 'day')} with data this month
        {elsewhere > 0 &&
          ` (and ${elsewhere} in the months around it, for the 30-day device periods)`}
        .
      </p>
      <table className="w-full max-w-xs table-fixed text-center text-xs">
        <caption className="sr-only">Days with data</caption>
        <thead className="text-ink-subtle">
          <tr>
            {WEEKDAYS.map((day, index) => (
              <th key={index} scope="col" className="py-1 font-medium">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dataDayCalendar(rtmCase.month, rtmCase.data_days).map((week, index) => (
            <tr key={index}>
              {week.map((cell, day) => (
                <td key={day} className="p-0.5">
                  {cell && (
                    <span
                      className={cx(
                        'flex h-7 items-center justify-center rounded-control tabular-nums',
                        cell.hasData
                          ? 'bg-brand-700 font-semibold text-surface'
                          : 'text-ink-subtle',
                      )}
                    >
                      {cell.day}
                      {cell.hasData && <span className="sr-only"> (data)</span>}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The records a patient's lines come from (domain/rtm.md: each row explainable from the
 * product's own records): data days, monitoring sessions with their minutes, and calls.
 */
export function CaseRecords({ rtmCase }: { rtmCase: RtmCaseParsed }) {
  const sessions = sessionRows(rtmCase.monitoring);
  const totalSeconds = sessions.reduce((sum, session) => sum + session.seconds, 0);
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <section aria-label="Days with data" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-ink">Days with data</h3>
        <DataDaysCalendar rtmCase={rtmCase} />
      </section>
      <div className="flex flex-col gap-5">
        <section aria-label="Monitoring sessions" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">
            Monitoring sessions · {formatDuration(totalSeconds)}
          </h3>
          {sessions.length === 0 ? (
            <p className="text-sm text-ink-muted">No monitoring time this month.</p>
          ) : (
            // A long month scrolls within its box: focusable, so a keyboard can scroll it too.
            <ul
              tabIndex={0}
              aria-label="Sessions"
              className="flex max-h-48 flex-col divide-y divide-line overflow-y-auto text-sm"
            >
              {sessions.map((session) => (
                <li key={session.start} className="flex justify-between gap-3 py-1.5">
                  <span className="text-ink">
                    {formatClinicMoment(session.start, rtmCase.time_zone)}
                    {session.assistant && (
                      <span className="ml-2 text-xs text-ink-muted">by a {session.assistant}</span>
                    )}
                  </span>
                  <span className="tabular-nums text-ink-muted">
                    {formatDuration(session.seconds)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Calls" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">Interactive calls</h3>
          {rtmCase.calls.length === 0 ? (
            <p className="text-sm text-warning-700">No call logged this month.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line text-sm">
              {rtmCase.calls.map((call) => (
                <li key={call.at} className="flex justify-between gap-3 py-1.5">
                  <span className="text-ink">{formatClinicMoment(call.at, rtmCase.time_zone)}</span>
                  <span className="tabular-nums text-ink-muted">
                    {formatDuration(call.seconds)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
