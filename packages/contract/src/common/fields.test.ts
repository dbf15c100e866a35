import { describe, expect, it } from 'vitest';
import {
  IsoDateOrDateTimeSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  IsoMonthSchema,
  PersonNameSchema,
} from './fields';

describe('calendar fields keep to the years the product can count (security issue 28)', () => {
  it('takes days from 1900-01-01 to 2100-12-31 and refuses the years past them', () => {
    expect(IsoDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(IsoDateSchema.safeParse('2100-12-31').success).toBe(true);
    for (const day of ['1899-12-31', '2101-01-01', '9999-12-31', '0000-01-01']) {
      expect(IsoDateSchema.safeParse(day).error?.issues[0]?.message, day).toBe(
        'Must be from 1900-01-01 to 2100-12-31',
      );
    }
  });

  it('takes instants in the same years, and either through the day-or-instant field', () => {
    expect(IsoDateTimeSchema.safeParse('2100-12-31T23:59:59-12:00').success).toBe(true);
    expect(IsoDateTimeSchema.safeParse('9999-12-31T23:59:59Z').success).toBe(false);
    expect(IsoDateOrDateTimeSchema.safeParse('2101-01-01').success).toBe(false);
    expect(IsoDateOrDateTimeSchema.safeParse('2101-01-01T00:00:00Z').success).toBe(false);
  });

  it('takes months from 2000-01 to 2100-12', () => {
    expect(IsoMonthSchema.safeParse('2000-01').success).toBe(true);
    expect(IsoMonthSchema.safeParse('2100-12').success).toBe(true);
    for (const month of ['1999-12', '2101-01', '9999-12']) {
      expect(IsoMonthSchema.safeParse(month).error?.issues[0]?.message, month).toBe(
        'Months from 2000-01 to 2100-12',
      );
    }
    expect(IsoMonthSchema.safeParse('2026-13').success).toBe(false);
  });
});

describe('a person name (security issue 28: a referral name carried CR/LF)', () => {
  it('takes letters, spaces, accents and punctuation, and refuses a control character inside', () => {
    expect(PersonNameSchema.parse("  Zoë O'Neil-García \n")).toBe("Zoë O'Neil-García");
    for (const name of ['Lee\r\nBcc: x@evil.example', 'Lee\tChen', 'Lee\u0000', 'Lee\u007f']) {
      expect(PersonNameSchema.safeParse(name).error?.issues[0]?.message, name).toBe(
        'Must not contain line breaks or control characters',
      );
    }
  });
});
