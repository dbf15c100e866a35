/**
 * The clinic's calendar and wall clock in the browser. The server counts days in the clinic's
 * time zone (domain/rtm.md), so "today" is the clinic's today wherever the browser is: a browser
 * left in UTC is a day ahead of a New York clinic after 7 pm, and the default date of a new
 * measurement was then refused as in the future.
 *
 * The date pickers work in the browser's own zone, so a clinic time is handed to them as a
 * "wall-clock" Date: one whose local fields (year … second) read the clinic's clock.
 */
import { startOfDay } from 'date-fns';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
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
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `instant` read on the clinic's clock, as UTC milliseconds (whole seconds). */
function clockMillis(instant: number, timeZone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatterOf(timeZone).formatToParts(instant)) {
    part[type] = Number(value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The clinic's wall clock at `instant`, as a Date whose local fields read it. */
export function clinicWallClock(instant: Date, timeZone: string): Date {
  const clock = new Date(clockMillis(instant.getTime(), timeZone));
  return new Date(
    clock.getUTCFullYear(),
    clock.getUTCMonth(),
    clock.getUTCDate(),
    clock.getUTCHours(),
    clock.getUTCMinutes(),
    clock.getUTCSeconds(),
    instant.getMilliseconds(),
  );
}

/** The clinic's today, as local midnight: the default and the latest day of a date picker. */
export function clinicToday(timeZone: string, now: Date = new Date()): Date {
  return startOfDay(clinicWallClock(now, timeZone));
}

/** The instant a wall-clock Date (its local fields) names on the clinic's clock. */
export function fromClinicWallClock(wallClock: Date, timeZone: string): Date {
  const wanted = Date.UTC(
    wallClock.getFullYear(),
    wallClock.getMonth(),
    wallClock.getDate(),
    wallClock.getHours(),
    wallClock.getMinutes(),
    wallClock.getSeconds(),
    wallClock.getMilliseconds(),
  );
  const offsetAt = (instant: number) =>
    clockMillis(instant, timeZone) - Math.floor(instant / 1000) * 1000;
  // The offset at the first guess can be the other side of a clock change: look again there.
  const guess = wanted - offsetAt(wanted);
  return new Date(wanted - offsetAt(guess));
}
