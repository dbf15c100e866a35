import { describe, expect, it } from 'vitest';
import {
  clampMonth,
  navigationBounds,
  parseTime,
  pickMulti,
  pickRange,
  pickSingle,
  rangeLength,
  swipeMonthDelta,
  validateDate,
  validateRange,
  validateTime,
} from './date-rules';

/** Local calendar day; month is 1-based here for readability. */
const d = (year: number, month: number, day: number, hours = 0) =>
  new Date(year, month - 1, day, hours);

describe('validateDate (spec §5)', () => {
  it('accepts any day without rules', () => {
    expect(validateDate(d(2026, 3, 5), {})).toBeNull();
  });

  it('rejects days before the min date and after the max date, both inclusive', () => {
    const rules = { minDate: d(2026, 3, 5, 15), maxDate: d(2026, 3, 20, 9) };
    expect(validateDate(d(2026, 3, 4, 23), rules)).toBe('before-min-date');
    expect(validateDate(d(2026, 3, 5), rules)).toBeNull();
    expect(validateDate(d(2026, 3, 20, 23), rules)).toBeNull();
    expect(validateDate(d(2026, 3, 21), rules)).toBe('after-max-date');
  });

  it('rejects disabled dates whatever their time of day', () => {
    const rules = { disabledDates: [d(2026, 3, 10, 12)] };
    expect(validateDate(d(2026, 3, 10, 8), rules)).toBe('disabled-date');
    expect(validateDate(d(2026, 3, 11), rules)).toBeNull();
  });

  it('rejects disabled weekdays (0 = Sunday)', () => {
    const rules = { disabledWeekdays: [0, 6] };
    expect(validateDate(d(2026, 3, 7), rules)).toBe('disabled-weekday'); // Saturday
    expect(validateDate(d(2026, 3, 8), rules)).toBe('disabled-weekday'); // Sunday
    expect(validateDate(d(2026, 3, 9), rules)).toBeNull(); // Monday
  });

  it('rejects disabled months (0 = January)', () => {
    const rules = { disabledMonths: [11] };
    expect(validateDate(d(2026, 12, 1), rules)).toBe('disabled-month');
    expect(validateDate(d(2026, 11, 30), rules)).toBeNull();
  });

  it('rejects days outside the year range, inclusive', () => {
    const rules = { yearRange: [2020, 2026] as const };
    expect(validateDate(d(2019, 12, 31), rules)).toBe('outside-year-range');
    expect(validateDate(d(2020, 1, 1), rules)).toBeNull();
    expect(validateDate(d(2026, 12, 31), rules)).toBeNull();
    expect(validateDate(d(2027, 1, 1), rules)).toBe('outside-year-range');
  });

  it('rejects days outside the allowed dates, and allows none for an empty list', () => {
    const rules = { allowedDates: [d(2026, 3, 5), d(2026, 3, 12)] };
    expect(validateDate(d(2026, 3, 12, 18), rules)).toBeNull();
    expect(validateDate(d(2026, 3, 6), rules)).toBe('not-allowed-date');
    expect(validateDate(d(2026, 3, 5), { allowedDates: [] })).toBe('not-allowed-date');
  });

  it('reports the first broken rule', () => {
    expect(
      validateDate(d(2026, 3, 7), { disabledWeekdays: [6], disabledDates: [d(2026, 3, 7)] }),
    ).toBe('disabled-weekday');
  });
});

describe('rangeLength', () => {
  it('counts calendar days from start to end', () => {
    expect(rangeLength(d(2026, 3, 1), d(2026, 3, 8))).toBe(7);
    expect(rangeLength(d(2026, 3, 1, 23), d(2026, 3, 2, 1))).toBe(1);
    expect(rangeLength(d(2026, 3, 5), d(2026, 3, 5))).toBe(0);
  });
});

describe('validateRange (spec §5)', () => {
  it('enforces the minimum and maximum length in days', () => {
    const rules = { rangeMinLength: 2, rangeMaxLength: 7 };
    expect(validateRange(d(2026, 3, 1), d(2026, 3, 2), rules)).toBe('range-too-short');
    expect(validateRange(d(2026, 3, 1), d(2026, 3, 3), rules)).toBeNull();
    expect(validateRange(d(2026, 3, 1), d(2026, 3, 8), rules)).toBeNull();
    expect(validateRange(d(2026, 3, 1), d(2026, 3, 9), rules)).toBe('range-too-long');
  });

  it('refuses a range whose start or end breaks a day rule', () => {
    const rules = { minDate: d(2026, 3, 2), maxDate: d(2026, 3, 20) };
    expect(validateRange(d(2026, 3, 1), d(2026, 3, 5), rules)).toBe('range-start-invalid');
    expect(validateRange(d(2026, 3, 5), d(2026, 3, 21), rules)).toBe('range-end-invalid');
  });
});

describe('parseTime and validateTime', () => {
  it("reads 24 h 'HH:mm' and nothing else", () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('23:59')).toBe(1439);
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('9:00')).toBeNull();
  });

  it('enforces time limits', () => {
    const rules = { minTime: '08:00', maxTime: '17:30' };
    expect(validateTime('07:59', rules)).toBe('time-before-min');
    expect(validateTime('08:00', rules)).toBeNull();
    expect(validateTime('17:30', rules)).toBeNull();
    expect(validateTime('17:31', rules)).toBe('time-after-max');
    expect(validateTime('noon', rules)).toBe('time-invalid');
  });
});

describe('pickSingle', () => {
  it('selects a valid day and completes', () => {
    expect(pickSingle(d(2026, 3, 5), {})).toEqual({
      ok: true,
      value: d(2026, 3, 5),
      complete: true,
    });
  });

  it('raises invalid-date for a refused day', () => {
    expect(pickSingle(d(2026, 3, 7), { disabledWeekdays: [6] })).toEqual({
      ok: false,
      event: 'invalid-date',
      reason: 'disabled-weekday',
    });
  });
});

describe('pickRange (spec §4: start, then end)', () => {
  it('picks the start first, then the end', () => {
    const first = pickRange(undefined, d(2026, 3, 5), {});
    expect(first).toEqual({
      ok: true,
      value: { from: d(2026, 3, 5), to: undefined },
      complete: false,
    });
    const second = pickRange({ from: d(2026, 3, 5) }, d(2026, 3, 9), {});
    expect(second).toEqual({
      ok: true,
      value: { from: d(2026, 3, 5), to: d(2026, 3, 9) },
      complete: true,
    });
  });

  it('swaps an end picked before the start', () => {
    expect(pickRange({ from: d(2026, 3, 9) }, d(2026, 3, 5), {})).toMatchObject({
      ok: true,
      value: { from: d(2026, 3, 5), to: d(2026, 3, 9) },
    });
  });

  it('starts a new range after a complete one', () => {
    expect(pickRange({ from: d(2026, 3, 1), to: d(2026, 3, 3) }, d(2026, 3, 20), {})).toEqual({
      ok: true,
      value: { from: d(2026, 3, 20), to: undefined },
      complete: false,
    });
  });

  it('raises invalid-date for a refused start or end day', () => {
    const rules = { disabledDates: [d(2026, 3, 9)] };
    expect(pickRange(undefined, d(2026, 3, 9), rules)).toMatchObject({ event: 'invalid-date' });
    expect(pickRange({ from: d(2026, 3, 5) }, d(2026, 3, 9), rules)).toMatchObject({
      event: 'invalid-date',
      reason: 'disabled-date',
    });
  });

  it('raises invalid-select when the range is too short or too long', () => {
    const rules = { rangeMinLength: 3, rangeMaxLength: 10 };
    expect(pickRange({ from: d(2026, 3, 5) }, d(2026, 3, 6), rules)).toEqual({
      ok: false,
      event: 'invalid-select',
      reason: 'range-too-short',
    });
    expect(pickRange({ from: d(2026, 3, 5) }, d(2026, 3, 16), rules)).toMatchObject({
      event: 'invalid-select',
      reason: 'range-too-long',
    });
  });
});

describe('pickMulti', () => {
  it('adds valid days in date order and removes a day picked again', () => {
    const added = pickMulti([d(2026, 3, 9)], d(2026, 3, 5), {});
    expect(added).toEqual({ ok: true, value: [d(2026, 3, 5), d(2026, 3, 9)], complete: false });
    const removed = pickMulti([d(2026, 3, 5), d(2026, 3, 9)], d(2026, 3, 5, 14), {});
    expect(removed).toEqual({ ok: true, value: [d(2026, 3, 9)], complete: false });
  });

  it('raises invalid-date for a refused day', () => {
    expect(pickMulti([], d(2026, 3, 7), { disabledWeekdays: [6] })).toMatchObject({
      event: 'invalid-date',
      reason: 'disabled-weekday',
    });
  });
});

describe('navigationBounds and clampMonth', () => {
  it('takes the narrower of the year range and the min/max dates', () => {
    expect(navigationBounds({ yearRange: [2020, 2030], minDate: d(2024, 6, 15) })).toEqual({
      startMonth: d(2024, 6, 1),
      endMonth: d(2030, 12, 1),
    });
    expect(navigationBounds({ yearRange: [2025, 2026], maxDate: d(2030, 1, 1) })).toEqual({
      startMonth: d(2025, 1, 1),
      endMonth: d(2026, 12, 1),
    });
    expect(navigationBounds({})).toEqual({ startMonth: undefined, endMonth: undefined });
  });

  it('keeps a month inside the bounds', () => {
    const bounds = { startMonth: d(2026, 2, 1), endMonth: d(2026, 6, 1) };
    expect(clampMonth(d(2026, 1, 20), bounds)).toEqual(d(2026, 2, 1));
    expect(clampMonth(d(2026, 4, 20), bounds)).toEqual(d(2026, 4, 1));
    expect(clampMonth(d(2026, 7, 1), bounds)).toEqual(d(2026, 6, 1));
  });
});

describe('swipeMonthDelta (spec §9: 10 px)', () => {
  it('needs more than 10 px of horizontal movement', () => {
    expect(swipeMonthDelta(-10, 0)).toBe(0);
    expect(swipeMonthDelta(-11, 0)).toBe(1);
    expect(swipeMonthDelta(11, 0)).toBe(-1);
  });

  it('ignores mostly vertical moves', () => {
    expect(swipeMonthDelta(-40, 80)).toBe(0);
  });
});
