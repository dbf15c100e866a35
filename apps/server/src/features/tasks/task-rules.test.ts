import { describe, expect, it } from 'vitest';
import {
  callDueTask,
  daysLeftInMonth,
  isoWeek,
  minutesShortTask,
  noDataTask,
  painRisingTask,
  shortDay,
} from './task-rules';

describe('calendar words', () => {
  it('names a day by month and day, and counts the days left after today', () => {
    expect(shortDay('2026-11-21')).toBe('Nov 21');
    expect(shortDay('2027-01-05')).toBe('Jan 5');
    expect(daysLeftInMonth('2026-11-25')).toBe(5);
    expect(daysLeftInMonth('2026-11-30')).toBe(0);
    expect(daysLeftInMonth('2028-02-23')).toBe(6);
  });

  it('keys a week by its ISO number, a year boundary included', () => {
    expect(isoWeek('2026-11-26')).toBe('2026-W48');
    expect(isoWeek('2026-11-23')).toBe('2026-W48');
    expect(isoWeek('2026-11-22')).toBe('2026-W47');
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });
});

describe('no data', () => {
  const base = { patientId: 7, today: '2026-11-26', onboardedOn: '2026-10-01' };

  it('asks after three quiet days, keyed by the first of them', () => {
    expect(noDataTask({ ...base, lastDataDay: '2026-11-23' })).toEqual({
      patientId: 7,
      kind: 'no_data',
      periodKey: '2026-11-24',
      reason: 'No data from the app since Nov 23',
      dueOn: '2026-11-26',
    });
    expect(noDataTask({ ...base, lastDataDay: '2026-11-24' })).toBeNull();
    expect(noDataTask({ ...base, lastDataDay: '2026-11-26' })).toBeNull();
  });

  it('keeps the same key while the gap lasts', () => {
    const later = noDataTask({ ...base, today: '2026-11-30', lastDataDay: '2026-11-23' });
    expect(later?.periodKey).toBe('2026-11-24');
  });

  it('counts from onboarding when nothing came since, and waits three days after it', () => {
    expect(noDataTask({ ...base, onboardedOn: '2026-11-23', lastDataDay: null })).toMatchObject({
      periodKey: '2026-11-23',
      reason: 'No data from the app since onboarding on Nov 23',
    });
    expect(noDataTask({ ...base, onboardedOn: '2026-11-24', lastDataDay: null })).toBeNull();
    // Data from an earlier episode of care does not count for this one.
    expect(
      noDataTask({ ...base, onboardedOn: '2026-11-20', lastDataDay: '2026-09-01' })?.periodKey,
    ).toBe('2026-11-20');
  });
});

describe('pain rising', () => {
  it('asks when the week is 2 points or more above the week before, once a week', () => {
    expect(
      painRisingTask({ patientId: 3, today: '2026-11-26', recent: 5.4, previous: 3.1 }),
    ).toEqual({
      patientId: 3,
      kind: 'pain_rising',
      periodKey: '2026-W48',
      reason: 'Pain up from 3.1 to 5.4 over the last week',
      dueOn: '2026-11-26',
    });
    expect(
      painRisingTask({ patientId: 3, today: '2026-11-26', recent: 5, previous: 3 }),
    ).not.toBeNull();
    expect(
      painRisingTask({ patientId: 3, today: '2026-11-26', recent: 4.9, previous: 3 }),
    ).toBeNull();
    expect(
      painRisingTask({ patientId: 3, today: '2026-11-26', recent: 2, previous: 6 }),
    ).toBeNull();
  });
});

describe('call due', () => {
  it('asks from 5 days before the month ends when no live call is logged', () => {
    expect(callDueTask({ patientId: 1, today: '2026-11-25', hasCallThisMonth: false })).toEqual({
      patientId: 1,
      kind: 'call_due',
      periodKey: '2026-11',
      reason: 'No live call logged this month; the month ends Nov 30',
      dueOn: '2026-11-30',
    });
    expect(callDueTask({ patientId: 1, today: '2026-11-24', hasCallThisMonth: false })).toBeNull();
    expect(callDueTask({ patientId: 1, today: '2026-11-30', hasCallThisMonth: true })).toBeNull();
  });
});

describe('minutes short', () => {
  const base = { patientId: 2, today: '2026-11-23' };

  it('says how many minutes 98980 still needs, a part minute counted whole', () => {
    expect(minutesShortTask({ ...base, monitoredSeconds: 8 * 60 })).toEqual({
      patientId: 2,
      kind: 'minutes_short',
      periodKey: '2026-11',
      reason: '12 more minutes needed by Nov 30 for 98980 (2 for 98979)',
      dueOn: '2026-11-30',
    });
    expect(minutesShortTask({ ...base, monitoredSeconds: 15 * 60 })?.reason).toBe(
      '5 more minutes needed by Nov 30 for 98980',
    );
    expect(minutesShortTask({ ...base, monitoredSeconds: 19 * 60 + 30 })?.reason).toBe(
      '1 more minute needed by Nov 30 for 98980',
    );
    expect(minutesShortTask({ ...base, monitoredSeconds: 0 })?.reason).toBe(
      '20 more minutes needed by Nov 30 for 98980 (10 for 98979)',
    );
  });

  it('is quiet at 20 minutes, and more than a week before the month ends', () => {
    expect(minutesShortTask({ ...base, monitoredSeconds: 20 * 60 })).toBeNull();
    expect(minutesShortTask({ patientId: 2, today: '2026-11-22', monitoredSeconds: 0 })).toBeNull();
  });
});
