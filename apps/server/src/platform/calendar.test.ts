import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateRange,
  daysBetween,
  daysInMonth,
  localDate,
  monthStart,
  splitAcrossDays,
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

  /** Hours from local midnight of `date` to the next one. */
  const dayHours = (date: string, zone: string) =>
    (startOfLocalDay(addDays(date, 1), zone).getTime() - startOfLocalDay(date, zone).getTime()) /
    3_600_000;
  const iso = (date: string, zone: string) => startOfLocalDay(date, zone).toISOString();

  it('gives New York a 23-hour day when clocks spring forward, and a 25-hour one in the fall', () => {
    expect(iso('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(iso('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(dayHours('2026-03-08', 'America/New_York')).toBe(23);
    // 1:59:59 EST, then 3:00 EDT: both on the 8th.
    expect(localDate(new Date('2026-03-08T06:59:59Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDate(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08');

    expect(iso('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(iso('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
    expect(dayHours('2026-11-01', 'America/New_York')).toBe(25);
    // 1:30 EDT and, an hour later, 1:30 EST again: the same local date.
    expect(localDate(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(dayHours('2026-11-02', 'America/New_York')).toBe(24);
  });

  it('starts the day 14 hours ahead of UTC in Kiritimati', () => {
    expect(iso('2026-11-02', 'Pacific/Kiritimati')).toBe('2026-11-01T10:00:00.000Z');
    expect(localDate(new Date('2026-11-01T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2026-11-01');
    expect(localDate(new Date('2026-11-01T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-02');
    // The same instant is two dates apart across the date line (Pago Pago is UTC-11).
    expect(localDate(new Date('2026-11-01T10:30:00Z'), 'Pacific/Pago_Pago')).toBe('2026-10-31');
  });

  it('follows Lord Howe Island’s half-hour daylight saving', () => {
    // +10:30 in winter, +11:00 in summer; the clocks move at 2 am by half an hour.
    expect(iso('2026-10-04', 'Australia/Lord_Howe')).toBe('2026-10-03T13:30:00.000Z');
    expect(iso('2026-10-05', 'Australia/Lord_Howe')).toBe('2026-10-04T13:00:00.000Z');
    expect(dayHours('2026-10-04', 'Australia/Lord_Howe')).toBe(23.5);
    expect(dayHours('2026-04-05', 'Australia/Lord_Howe')).toBe(24.5);
  });

  it('starts a day whose midnight the clocks skip at its first real instant', () => {
    // Havana and Santiago move from 00:00 straight to 01:00: the day begins at 01:00, never in
    // the day before (the hand-written offset lookup answered 23:00 of the 7th for Havana).
    const havana = startOfLocalDay('2026-03-08', 'America/Havana');
    expect(havana.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localDate(havana, 'America/Havana')).toBe('2026-03-08');
    expect(localDate(new Date(havana.getTime() - 1), 'America/Havana')).toBe('2026-03-07');
    expect(iso('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(dayHours('2026-09-06', 'America/Santiago')).toBe(23);
  });

  it('gives billing months in the clinic’s zone, whatever the hour in UTC', () => {
    // 04:30 UTC on 1 December is still 30 November in New York: November's minutes.
    const lateNovember = new Date('2026-12-01T04:30:00Z');
    expect(monthStart(localDate(lateNovember, 'America/New_York'))).toBe('2026-11-01');
    expect(monthStart(localDate(lateNovember, 'Europe/Berlin'))).toBe('2026-12-01');
    // November in New York starts on daylight time and ends on standard time: 30 days and an hour.
    const november = {
      from: startOfLocalDay('2026-11-01', 'America/New_York'),
      to: startOfLocalDay('2026-12-01', 'America/New_York'),
    };
    expect(november.from.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(november.to.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect((november.to.getTime() - november.from.getTime()) / 3_600_000).toBe(30 * 24 + 1);
    // March loses the hour.
    const march =
      startOfLocalDay('2026-04-01', 'America/New_York').getTime() -
      startOfLocalDay('2026-03-01', 'America/New_York').getTime();
    expect(march / 3_600_000).toBe(31 * 24 - 1);
    // A year's last month ends where the next year's first begins.
    expect(iso('2027-01-01', 'America/New_York')).toBe('2027-01-01T05:00:00.000Z');
    // Far east, a month starts on the last day of the month before in UTC.
    expect(iso('2026-12-01', 'Pacific/Kiritimati')).toBe('2026-11-30T10:00:00.000Z');
    expect(iso('2026-11-01', 'Australia/Lord_Howe')).toBe('2026-10-31T13:00:00.000Z');
    expect(daysInMonth('2028-02-01')).toBe(29);
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

describe('splitting credited time at the clinic midnight', () => {
  const at = (iso: string) => new Date(iso);
  const zone = 'America/Los_Angeles';

  it('keeps a session within a day on that day', () => {
    expect(splitAcrossDays(at('2026-11-02T18:00:00Z'), 600, zone)).toEqual([
      { day: '2026-11-02', seconds: 600 },
    ]);
  });

  it('gives each month its own seconds across midnight on the last day of a month', () => {
    // 23:55 → 00:05 in Los Angeles: 08:05 UTC on 1 December is 00:05 local.
    expect(splitAcrossDays(at('2026-12-01T08:05:00Z'), 600, zone)).toEqual([
      { day: '2026-11-30', seconds: 300 },
      { day: '2026-12-01', seconds: 300 },
    ]);
  });

  it('splits at the clinic midnight, not UTC', () => {
    expect(splitAcrossDays(at('2026-11-03T00:05:00Z'), 600, zone)).toEqual([
      { day: '2026-11-02', seconds: 600 },
    ]);
  });

  it('credits nothing for no seconds', () => {
    expect(splitAcrossDays(at('2026-11-03T00:05:00Z'), 0, zone)).toEqual([]);
  });
});
