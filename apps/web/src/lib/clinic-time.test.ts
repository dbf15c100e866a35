import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clinicToday, clinicWallClock, fromClinicWallClock } from './clinic-time';

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
