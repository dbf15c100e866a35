import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateRange,
  daysBetween,
  daysInMonth,
  localDate,
  monthStart,
  startOfLocalDay,
  weekOf,
} from './calendar';

describe('calendar days in a clinic time zone', () => {
  it('puts an instant on the local date of the clinic', () => {
    // 03:30 UTC on 3 Nov is still 2 Nov in New York (UTC-5 after the DST change on 1 Nov).
    expect(localDate(new Date('2026-11-03T03:30:00Z'), 'America/New_York')).toBe('2026-11-02');
    expect(localDate(new Date('2026-11-03T03:30:00Z'), 'Europe/Berlin')).toBe('2026-11-03');
  });

  it('finds local midnight, also on DST change days', () => {
    expect(startOfLocalDay('2026-11-02', 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    // 1 Nov 2026: clocks go back at 2 am, midnight is still on daylight time (UTC-4).
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfLocalDay('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('does date arithmetic on plain dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-10-30', '2026-11-02')).toBe(3);
    expect(dateRange('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(dateRange('2026-11-02', '2026-11-01')).toEqual([]);
    expect(monthStart('2026-11-17')).toBe('2026-11-01');
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(daysInMonth('2026-11-30')).toBe(30);
  });

  it('counts weeks from Monday to Sunday', () => {
    // 2026-11-04 is a Wednesday.
    expect(weekOf('2026-11-04', 0)).toEqual({ start: '2026-11-02', end: '2026-11-08' });
    expect(weekOf('2026-11-04', 1)).toEqual({ start: '2026-10-26', end: '2026-11-01' });
    expect(weekOf('2026-11-08', 0)).toEqual({ start: '2026-11-02', end: '2026-11-08' });
    expect(weekOf('2026-11-02', 0)).toEqual({ start: '2026-11-02', end: '2026-11-08' });
  });
});
