/**
 * Calendar days in a clinic's time zone, for placing demo samples at plausible local times.
 * Daily roll-ups and billing count days in the clinic's zone (domain/rtm.md), so a sample meant
 * for "Tuesday 8 pm in New York" must land on Tuesday there, not on Wednesday in UTC.
 */
import { addDays, localDate, startOfLocalDay } from '../platform/calendar';

export interface ClinicDay {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** 0 is the first day of the range, the last is today. */
  index: number;
  /** 0 = Sunday. */
  weekday: number;
  /** The instant of a local time of day on this date, from 4 am on (see makeDay). */
  at(hours: number, minutes?: number): Date;
}

const MINUTE_MS = 60_000;

function makeDay(timeZone: string, date: string, index: number): ClinicDay {
  // Counted back from the next local midnight: clocks change between 1 and 3 am, so every time
  // from 4 am to midnight is exact even on the two daylight-saving days of the year.
  const nextMidnight = startOfLocalDay(addDays(date, 1), timeZone).getTime();
  return {
    date,
    index,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    at: (hours, minutes = 0) => new Date(nextMidnight - ((24 - hours) * 60 - minutes) * MINUTE_MS),
  };
}

/** The `count` local calendar days ending with today (in `timeZone`), oldest first. */
export function lastClinicDays(timeZone: string, now: Date, count: number): ClinicDay[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: count }, (_, index) =>
    makeDay(timeZone, addDays(today, index - (count - 1)), index),
  );
}
