/**
 * Calendar days in a clinic's time zone. Daily roll-ups, weeks of progress and RTM months are
 * counted in the clinic's zone (domain/rtm.md), so "today" depends on where the clinic is.
 * Dates are `YYYY-MM-DD` strings; arithmetic on them is done at UTC midnight, free of DST. Zone
 * offsets come from @date-fns/tz (docs/decisions/011-date-fns-tz.md), which reads the zone rules
 * of the runtime's Intl data.
 */
import { TZDate, tz } from '@date-fns/tz';
import { formatISO } from 'date-fns';

const DAY_MS = 86_400_000;

/**
 * The local calendar date of an instant in `timeZone`. formatISO rather than format: the roll-up
 * calls this for every health sample, and it is a third of format's cost (no pattern to read).
 */
export function localDate(instant: Date, timeZone: string): string {
  return formatISO(instant, { representation: 'date', in: tz(timeZone) });
}

/**
 * The instant `date` begins in `timeZone`: local midnight, or, where the clocks skip midnight
 * (America/Havana, America/Santiago, Atlantic/Azores start summer time at 00:00), the first local
 * time that exists that day. A plain Date, so that it prints and binds as UTC like any other.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** An instant as ISO 8601 with the offset of `timeZone` there and then (`…T09:30:00-05:00`). */
export function localDateTime(instant: Date, timeZone: string): string {
  return formatISO(instant, { in: tz(timeZone) });
}

/** Whether `value` names a day (`2026-11-02`) rather than an instant. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
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

export interface DaySeconds {
  day: string;
  seconds: number;
}

/**
 * `seconds` credited at `end` are the last seconds before it (the client counts active time up to
 * the save), split at the clinic's midnights so each day, and so each month, gets its own.
 */
export function splitAcrossDays(end: Date, seconds: number, timeZone: string): DaySeconds[] {
  if (seconds <= 0) {
    return [];
  }
  const startMs = end.getTime() - seconds * 1000;
  const parts: DaySeconds[] = [];
  let day = localDate(new Date(startMs), timeZone);
  let counted = 0;
  for (;;) {
    const next = startOfLocalDay(addDays(day, 1), timeZone).getTime();
    if (next >= end.getTime()) {
      parts.push({ day, seconds: seconds - counted });
      return parts;
    }
    const upTo = Math.floor((next - startMs) / 1000);
    if (upTo > counted) {
      parts.push({ day, seconds: upTo - counted });
      counted = upTo;
    }
    day = addDays(day, 1);
  }
}

/** First and last day of a `YYYY-MM` month. */
export function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(from, daysInMonth(from) - 1) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-30` → `Nov 30`: short enough for a list row. */
export function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}
