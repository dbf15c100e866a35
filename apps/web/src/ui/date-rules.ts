import { DATE_PICKER_SWIPE_THRESHOLD_PX } from '@homestretch/contract/common/constants';
import {
  differenceInCalendarDays,
  getDay,
  getMonth,
  getYear,
  isAfter,
  isBefore,
  isSameDay,
  max as latest,
  min as earliest,
  startOfDay,
  startOfMonth,
} from 'date-fns';

/*
 * The date picker's rules of spec §5 as pure functions, so each rule is pinned by a unit test
 * and the component only wires them to events. All comparisons are by local calendar day.
 */

export interface DateRules {
  /** First selectable day, inclusive. */
  minDate?: Date;
  /** Last selectable day, inclusive. */
  maxDate?: Date;
  disabledDates?: ReadonlyArray<Date>;
  /** 0 = Sunday … 6 = Saturday, as Date#getDay. */
  disabledWeekdays?: ReadonlyArray<number>;
  /** 0 = January … 11 = December, as Date#getMonth. */
  disabledMonths?: ReadonlyArray<number>;
  /** Inclusive [first year, last year]. */
  yearRange?: readonly [number, number];
  /** When given, only these days can be picked; an empty list allows none. */
  allowedDates?: ReadonlyArray<Date>;
}

export interface RangeRules extends DateRules {
  /** Fewest days from start to end (Mar 1 → Mar 8 is 7 days). */
  rangeMinLength?: number;
  /** Most days from start to end. */
  rangeMaxLength?: number;
}

export interface TimeRules {
  /** Earliest time of day, 'HH:mm' (24 h). */
  minTime?: string;
  /** Latest time of day, 'HH:mm' (24 h). */
  maxTime?: string;
}

/** Why a single day cannot be picked; raised as the invalid-date event (spec §5). */
export type InvalidDateReason =
  | 'outside-year-range'
  | 'before-min-date'
  | 'after-max-date'
  | 'disabled-month'
  | 'disabled-weekday'
  | 'disabled-date'
  | 'not-allowed-date';

/** Why a whole selection is refused; raised as the invalid-select event (spec §5). */
export type InvalidSelectReason =
  | 'range-start-invalid'
  | 'range-end-invalid'
  | 'range-too-short'
  | 'range-too-long'
  | 'time-invalid'
  | 'time-before-min'
  | 'time-after-max';

export interface DateRangeValue {
  from?: Date;
  to?: Date;
}

/** The first rule `date` breaks, in the order of spec §5, or null when it can be picked. */
export function validateDate(date: Date, rules: DateRules): InvalidDateReason | null {
  const day = startOfDay(date);
  if (rules.yearRange) {
    const [fromYear, toYear] = rules.yearRange;
    const year = getYear(day);
    if (year < fromYear || year > toYear) {
      return 'outside-year-range';
    }
  }
  if (rules.minDate && isBefore(day, startOfDay(rules.minDate))) {
    return 'before-min-date';
  }
  if (rules.maxDate && isAfter(day, startOfDay(rules.maxDate))) {
    return 'after-max-date';
  }
  if (rules.disabledMonths?.includes(getMonth(day))) {
    return 'disabled-month';
  }
  if (rules.disabledWeekdays?.includes(getDay(day))) {
    return 'disabled-weekday';
  }
  if (rules.disabledDates?.some((disabled) => isSameDay(disabled, day))) {
    return 'disabled-date';
  }
  if (rules.allowedDates && !rules.allowedDates.some((allowed) => isSameDay(allowed, day))) {
    return 'not-allowed-date';
  }
  return null;
}

/** Calendar days from `start` to `end`; the time of day plays no part. */
export function rangeLength(start: Date, end: Date): number {
  return Math.abs(differenceInCalendarDays(end, start));
}

/** Checks both ends against the day rules, then the length limits of spec §5. */
export function validateRange(
  start: Date,
  end: Date,
  rules: RangeRules,
): InvalidSelectReason | null {
  if (validateDate(start, rules)) {
    return 'range-start-invalid';
  }
  if (validateDate(end, rules)) {
    return 'range-end-invalid';
  }
  const length = rangeLength(start, end);
  if (rules.rangeMinLength !== undefined && length < rules.rangeMinLength) {
    return 'range-too-short';
  }
  if (rules.rangeMaxLength !== undefined && length > rules.rangeMaxLength) {
    return 'range-too-long';
  }
  return null;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight for 'HH:mm', or null when malformed. */
export function parseTime(value: string): number | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) {
    return null;
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Spec §5: time limits can be enforced. */
export function validateTime(value: string, rules: TimeRules): InvalidSelectReason | null {
  const minutes = parseTime(value);
  if (minutes === null) {
    return 'time-invalid';
  }
  const min = rules.minTime === undefined ? null : parseTime(rules.minTime);
  const max = rules.maxTime === undefined ? null : parseTime(rules.maxTime);
  if (min !== null && minutes < min) {
    return 'time-before-min';
  }
  if (max !== null && minutes > max) {
    return 'time-after-max';
  }
  return null;
}

export type PickResult<T> =
  | { ok: true; value: T; complete: boolean }
  | { ok: false; event: 'invalid-date'; reason: InvalidDateReason }
  | { ok: false; event: 'invalid-select'; reason: InvalidSelectReason };

export function pickSingle(day: Date, rules: DateRules): PickResult<Date> {
  const reason = validateDate(day, rules);
  return reason
    ? { ok: false, event: 'invalid-date', reason }
    : { ok: true, value: day, complete: true };
}

/**
 * Spec §4: a range picks its start, then its end. A click after a complete range starts a new
 * one; an end earlier than the start swaps the two. A refused end keeps the chosen start, so
 * the user only has to pick another end.
 */
export function pickRange(
  current: DateRangeValue | undefined,
  day: Date,
  rules: RangeRules,
): PickResult<DateRangeValue> {
  const reason = validateDate(day, rules);
  if (reason) {
    return { ok: false, event: 'invalid-date', reason };
  }
  const start = current?.from;
  if (!start || current?.to) {
    return { ok: true, value: { from: day, to: undefined }, complete: false };
  }
  const [from, to] = isBefore(day, start) ? [day, start] : [start, day];
  const rangeReason = validateRange(from, to, rules);
  if (rangeReason) {
    return { ok: false, event: 'invalid-select', reason: rangeReason };
  }
  return { ok: true, value: { from, to }, complete: true };
}

/** Multi-date: a click adds a valid day or removes an already chosen one; kept in date order. */
export function pickMulti(
  current: ReadonlyArray<Date>,
  day: Date,
  rules: DateRules,
): PickResult<Date[]> {
  if (current.some((chosen) => isSameDay(chosen, day))) {
    return {
      ok: true,
      value: current.filter((chosen) => !isSameDay(chosen, day)),
      complete: false,
    };
  }
  const reason = validateDate(day, rules);
  if (reason) {
    return { ok: false, event: 'invalid-date', reason };
  }
  const value = [...current, day].sort((a, b) => a.getTime() - b.getTime());
  return { ok: true, value, complete: false };
}

/**
 * The months the calendar may show: the narrower of the year range and min/max date, so the
 * user is never led to a month where nothing can be picked.
 */
export function navigationBounds(rules: DateRules): { startMonth?: Date; endMonth?: Date } {
  const starts: Date[] = [];
  const ends: Date[] = [];
  if (rules.yearRange) {
    starts.push(new Date(rules.yearRange[0], 0, 1));
    ends.push(new Date(rules.yearRange[1], 11, 1));
  }
  if (rules.minDate) {
    starts.push(startOfMonth(rules.minDate));
  }
  if (rules.maxDate) {
    ends.push(startOfMonth(rules.maxDate));
  }
  return {
    startMonth: starts.length ? latest(starts) : undefined,
    endMonth: ends.length ? earliest(ends) : undefined,
  };
}

/** Keeps `month` within the navigation bounds. */
export function clampMonth(month: Date, bounds: { startMonth?: Date; endMonth?: Date }): Date {
  const first = startOfMonth(month);
  if (bounds.startMonth && isBefore(first, startOfMonth(bounds.startMonth))) {
    return startOfMonth(bounds.startMonth);
  }
  if (bounds.endMonth && isAfter(first, startOfMonth(bounds.endMonth))) {
    return startOfMonth(bounds.endMonth);
  }
  return first;
}

/**
 * Month step for a horizontal swipe (spec §9: threshold 10 px): left shows the next month,
 * right the previous one; short or mostly vertical moves (scrolling) change nothing.
 */
export function swipeMonthDelta(
  dx: number,
  dy: number,
  threshold: number = DATE_PICKER_SWIPE_THRESHOLD_PX,
): -1 | 0 | 1 {
  if (Math.abs(dx) <= threshold || Math.abs(dx) < Math.abs(dy)) {
    return 0;
  }
  return dx < 0 ? 1 : -1;
}
