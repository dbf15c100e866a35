import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clinicToday, clinicWallClock, fromClinicWallClock } from './clinic-calendar';
import {
  formatClinicDate,
  formatClinicDateTime,
  formatClinicMoment,
  formatClinicTime,
} from './clinic-time';

const NEW_YORK = 'America/New_York';
const originalTz = process.env.TZ;

beforeEach(() => {
  // The browser a day ahead of the clinic: left in UTC, after 7 pm in New York.
  process.env.TZ = 'UTC';
});

afterEach(() => {
  process.env.TZ = originalTz;
});

describe("the clinic's day and clock", () => {
  it("is the clinic's today, not the browser's", () => {
    const now = new Date('2026-11-25T01:30:00Z');
    expect(clinicToday(NEW_YORK, now)).toEqual(new Date(2026, 10, 24));
    expect(clinicToday('UTC', now)).toEqual(new Date(2026, 10, 25));
    expect(clinicToday('Asia/Tokyo', new Date('2026-11-24T15:30:00Z'))).toEqual(
      new Date(2026, 10, 25),
    );
  });

  it('reads the clinic clock and turns it back into the same instant', () => {
    const now = new Date('2026-11-25T01:30:15.250Z');
    const clock = clinicWallClock(now, NEW_YORK);
    expect(clock).toEqual(new Date(2026, 10, 24, 20, 30, 15, 250));
    expect(fromClinicWallClock(clock, NEW_YORK)).toEqual(now);
  });

  it('counts summer time on the day it ends', () => {
    // 1 November 2026: 01:00–01:59 happens twice in New York; 00:30 is still summer time.
    expect(fromClinicWallClock(new Date(2026, 10, 1, 0, 30), NEW_YORK).toISOString()).toBe(
      '2026-11-01T04:30:00.000Z',
    );
    expect(fromClinicWallClock(new Date(2026, 10, 1, 9, 0), NEW_YORK).toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
    expect(fromClinicWallClock(new Date(2026, 2, 8, 12, 0), NEW_YORK).toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
  });
});

describe('times on the clinic clock', () => {
  // 14:59 UTC: 9:59 AM in New York, 6:59 AM in Los Angeles (the report of issue 30).
  const instant = '2026-11-28T14:59:00Z';

  it('reads every time on the clinic clock, whatever zone the browser is in', () => {
    expect(formatClinicTime(instant, NEW_YORK, NEW_YORK)).toBe('9:59 AM');
    expect(formatClinicMoment(instant, NEW_YORK, NEW_YORK)).toBe('Nov 28, 9:59 AM');
    expect(formatClinicDateTime(instant, NEW_YORK, NEW_YORK)).toBe('Nov 28, 2026, 9:59 AM');
    // 10 PM in New York is already the next day in UTC.
    expect(formatClinicDate('2026-11-29T03:00:00Z', NEW_YORK)).toBe('Nov 28, 2026');
  });

  it("names the clinic's zone for a viewer in another", () => {
    const losAngeles = 'America/Los_Angeles';
    expect(formatClinicTime(instant, NEW_YORK, losAngeles)).toBe('9:59 AM EST');
    expect(formatClinicDateTime(instant, NEW_YORK, losAngeles)).toBe('Nov 28, 2026, 9:59 AM EST');
    expect(formatClinicTime('2026-07-01T14:59:00Z', NEW_YORK, losAngeles)).toBe('10:59 AM EDT');
  });

  it('takes the browser zone as the viewer by default, and leaves nonsense as it came', () => {
    process.env.TZ = NEW_YORK;
    expect(formatClinicTime(instant, NEW_YORK)).toBe('9:59 AM');
    expect(formatClinicTime('soon', NEW_YORK)).toBe('soon');
  });
});
