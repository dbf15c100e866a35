import type { RtmCaseParsed } from '@homestretch/contract/billing/rtm-case';
import { getDaysInMonth } from 'date-fns';

/** A day of the month's calendar: null for the blanks before the 1st. */
export type CalendarCell = { day: number; iso: string; hasData: boolean } | null;

/** The month (`2026-11`) as weeks from Sunday, each day marked when the app sent data. */
export function dataDayCalendar(month: string, dataDays: readonly string[]): CalendarCell[][] {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const first = new Date(year, monthNumber - 1, 1);
  const withData = new Set(dataDays);
  const cells: CalendarCell[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= getDaysInMonth(first); day += 1) {
    const iso = `${month}-${String(day).padStart(2, '0')}`;
    cells.push({ day, iso, hasData: withData.has(iso) });
  }
  const weeks: CalendarCell[][] = [];
  for (let start = 0; start < cells.length; start += 7) {
    const week = cells.slice(start, start + 7);
    weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  }
  return weeks;
}

/** `754` → `12 min 34 s`; whole minutes without the seconds. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) {
    return `${rest} s`;
  }
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export interface SessionRow {
  start: string;
  seconds: number;
  /** '' for a therapist's work; 'PTA' or 'OTA' for an assistant's (their CQ / CO modifier). */
  assistant: string;
}

/** The monitoring sessions with their length on the server's clock. */
export function sessionRows(monitoring: RtmCaseParsed['monitoring']): SessionRow[] {
  return monitoring.map((session) => ({
    start: session.start,
    seconds: Math.max(0, (Date.parse(session.end) - Date.parse(session.start)) / 1000),
    assistant:
      session.assistant === false ? '' : session.assistant === true ? 'PTA' : session.assistant,
  }));
}
