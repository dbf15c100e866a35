/**
 * Calendar days in a clinic's time zone. Daily roll-ups, weeks of progress and RTM months are
 * counted in the clinic's zone (domain/rtm.md), so "today" depends on where the clinic is.
 * Dates are `YYYY-MM-DD` strings; arithmetic on them is done at UTC midnight, free of DST.
 */

const DAY_MS = 86_400_000;
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local calendar date of an instant in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return dateFormatter(timeZone).format(instant);
}

/** Offset of `timeZone` from UTC at `instant`, in ms (east positive). */
function offsetAt(timeZone: string, instant: number): number {
  const parts = wallFormatter(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant local midnight of `date` begins in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const first = utcMidnight - offsetAt(timeZone, utcMidnight);
  return new Date(utcMidnight - offsetAt(timeZone, first));
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every date from `from` to `to`, both included. */
export function dateRange(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

/** Monday to Sunday of the week `weeksAgo` weeks before the one holding `today`. */
export function weekOf(today: string, weeksAgo: number): { start: string; end: string } {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(today, -weekday - 7 * weeksAgo);
  return { start, end: addDays(start, 6) };
}

/** First day of the month holding `date`. */
export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** Days in the month holding `date`. */
export function daysInMonth(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
