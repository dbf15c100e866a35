import { afterEach, describe, expect, it } from 'vitest';
import { DATE_FNS_FORMAT, formatDate, toIsoDate } from './format-date';

const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe('DATE_FNS_FORMAT', () => {
  it("translates spec §9's 'MMM D, YYYY' into date-fns tokens", () => {
    expect(DATE_FNS_FORMAT).toBe('MMM d, yyyy');
  });
});

describe('formatDate (spec §9)', () => {
  it("formats a calendar day as 'MMM D, YYYY'", () => {
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it("drops any time part after 'T'", () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T23:59:59.999-08:00')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T00:30:00+14:00')).toBe('Mar 5, 2026');
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC', 'Asia/Kolkata'])(
    'never shifts a YYYY-MM-DD day in %s',
    (tz) => {
      process.env.TZ = tz;
      expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
      expect(formatDate('2026-01-01T00:00:00Z')).toBe('Jan 1, 2026');
    },
  );

  it('formats a Date in local time', () => {
    expect(formatDate(new Date(2026, 2, 5, 23, 30))).toBe('Mar 5, 2026');
  });

  it('returns unreadable input unchanged, and an empty string for an invalid Date', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('toIsoDate', () => {
  it('gives the local calendar day', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(toIsoDate(new Date(2026, 2, 5, 23, 30))).toBe('2026-03-05');
  });
});
