import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from '../../platform/calendar';
import {
  LATE_DATA_DAYS,
  REFRESH_AFTER_MS,
  chartPeriods,
  checkPeriod,
  monitoringEntries,
  needsAttention,
  periodClosed,
  renderingStaff,
  runIsStale,
  splitByDateOfService,
} from './billing-rules';

describe('which months may be asked for', () => {
  it('allows the clinic first month up to the current one, in the clinic zone', () => {
    expect(checkPeriod('2026-11', '2026-11-24', '2026-03-15')).toEqual({ ok: true });
    expect(checkPeriod('2026-03', '2026-11-24', '2026-03-15')).toEqual({ ok: true });
  });

  it('refuses a future month and one before the clinic, saying which months are allowed', () => {
    expect(checkPeriod('2026-12', '2026-11-24', '2026-03-15')).toEqual({
      ok: false,
      reason: '2026-12 is in the future: the latest month is 2026-11',
    });
    expect(checkPeriod('2026-02', '2026-11-24', '2026-03-15')).toEqual({
      ok: false,
      reason: "2026-02 is before the clinic's first month, 2026-03",
    });
  });

  it('closes a month the day after its last day', () => {
    expect(periodClosed('2026-11', '2026-11-30')).toBe(false);
    expect(periodClosed('2026-11', '2026-12-01')).toBe(true);
  });
});

describe('when a stored computation is redone', () => {
  const computedAt = new Date('2026-11-24T15:00:00Z');
  const later = (ms: number) => new Date(computedAt.getTime() + ms);

  it('keeps an open month for five minutes, then redoes it', () => {
    const run = { computedAt, computedOn: '2026-11-24' };
    expect(runIsStale(run, '2026-11', later(REFRESH_AFTER_MS - 1))).toBe(false);
    expect(runIsStale(run, '2026-11', later(REFRESH_AFTER_MS))).toBe(true);
  });

  it('redoes a closed month until one was made a week after it ended, for late uploads', () => {
    // October ended on the 31st; data uploaded up to November 7 still counts.
    expect(LATE_DATA_DAYS).toBe(7);
    const late = new Date('2026-12-01T00:00:00Z');
    expect(runIsStale({ computedAt, computedOn: '2026-11-07' }, '2026-10', late)).toBe(true);
    expect(runIsStale({ computedAt, computedOn: '2026-11-08' }, '2026-10', late)).toBe(false);
  });
});

describe('monitoring entries for the rules', () => {
  const zone = 'America/Los_Angeles';
  const dayStart = (day: string) => startOfLocalDay(day, zone);

  it('starts a session first day when it started and a later day at local midnight', () => {
    const startedAt = new Date('2026-11-30T07:50:00Z'); // 23:50 on Nov 29 in Los Angeles
    const entries = monitoringEntries(
      [
        {
          day: '2026-11-29',
          seconds: 600,
          sessionStartedAt: startedAt,
          sessionStartDay: '2026-11-29',
          assistant: null,
        },
        {
          day: '2026-11-30',
          seconds: 300,
          sessionStartedAt: startedAt,
          sessionStartDay: '2026-11-29',
          assistant: 'PTA',
        },
      ],
      dayStart,
      zone,
    );
    expect(entries).toEqual([
      { start: '2026-11-29T23:50:00-08:00', end: '2026-11-30T00:00:00-08:00', assistant: false },
      { start: '2026-11-30T00:00:00-08:00', end: '2026-11-30T00:05:00-08:00', assistant: 'PTA' },
    ]);
  });
});

describe('what needs attention in the filter of patients', () => {
  it('is what can still be earned, or was lost; not a device period that ends later', () => {
    const later = {
      code: '98977' as const,
      period: '2026-11',
      missing: ['ends after November'],
      by: null,
    };
    expect(needsAttention(later)).toBe(false);
    expect(needsAttention({ ...later, by: '2026-11-20' })).toBe(true);
    expect(needsAttention({ ...later, interval: { start: '2026-10-20', end: '2026-11-18' } })).toBe(
      true,
    );
    expect(needsAttention({ ...later, code: '98980' })).toBe(true);
  });
});

describe('lines dated after today', () => {
  const line = (code: string, date: string) => ({ code, date_of_service: date });

  it('holds back a line whose date of service has not come, and bills one dated today', () => {
    // Nov 28: Wei Chen's 30-day period ends Nov 29 with its 16 days already in.
    const lines = [
      line('98975', '2026-11-03'),
      line('98977', '2026-11-29'),
      line('98980', '2026-11-28'),
    ];
    expect(splitByDateOfService(lines, '2026-11-28')).toEqual({
      due: [line('98975', '2026-11-03'), line('98980', '2026-11-28')],
      upcoming: [line('98977', '2026-11-29')],
    });
  });

  it('bills the held line on its day', () => {
    expect(splitByDateOfService([line('98977', '2026-11-29')], '2026-11-29')).toEqual({
      due: [line('98977', '2026-11-29')],
      upcoming: [],
    });
  });
});

describe('who renders the management time', () => {
  const treating = { userId: 9, name: 'Tess Treat', npi: '1234567893' };

  it('is the therapist credited the most time, assistants named beside', () => {
    expect(
      renderingStaff(
        [
          { userId: 1, name: 'Ann PT', npi: null, assistant: null, seconds: 300 },
          { userId: 2, name: 'Ben PT', npi: '1245319599', assistant: null, seconds: 900 },
          { userId: 3, name: 'Cat Aide', npi: null, assistant: 'PTA', seconds: 2000 },
        ],
        treating,
      ),
    ).toEqual({
      rendering: { id: 2, name: 'Ben PT', npi: '1245319599' },
      assistants: ['Cat Aide (PTA)'],
    });
  });

  it('falls back to the first treating therapist when only assistants monitored', () => {
    expect(
      renderingStaff(
        [{ userId: 3, name: 'Cat Aide', npi: null, assistant: 'OTA', seconds: 60 }],
        treating,
      ),
    ).toEqual({
      rendering: { id: 9, name: 'Tess Treat', npi: '1234567893' },
      assistants: ['Cat Aide (OTA)'],
    });
    expect(renderingStaff([], null)).toEqual({ rendering: null, assistants: [] });
  });
});

describe('chartPeriods', () => {
  it('takes the months up to the asked one that billing can judge', () => {
    expect(chartPeriods(2026, 12, '2026-11-24', '2026-03-15')).toEqual([
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(chartPeriods(2026, 4, '2026-11-24', '2026-03-15')).toEqual(['2026-03', '2026-04']);
    expect(chartPeriods(2025, 12, '2026-11-24', '2026-03-15')).toEqual([]);
  });
});
