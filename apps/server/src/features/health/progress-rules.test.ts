import { describe, expect, it } from 'vitest';
import type { HealthMetric } from '@homestretch/contract/common/enums';
import { dateRange } from '../../platform/calendar';
import {
  assignedOn,
  buildProgressDays,
  mean,
  summariseMetrics,
  summariseProgress,
  weeklyAdherence,
} from './progress-rules';
import { foldSamples } from './rollup';

const week = dateRange('2026-11-02', '2026-11-08');

describe('weekly progress', () => {
  it('counts program items assigned on a day', () => {
    const items = [
      { createdOn: '2026-10-20', deletedOn: null },
      { createdOn: '2026-11-04', deletedOn: null },
      { createdOn: '2026-10-20', deletedOn: '2026-11-03' },
    ];
    expect(assignedOn(items, '2026-11-02')).toBe(2);
    expect(assignedOn(items, '2026-11-03')).toBe(1);
    expect(assignedOn(items, '2026-11-04')).toBe(2);
  });

  it('builds the days and sums up the week so far', () => {
    // Wednesday: Monday to Wednesday have happened.
    const days = buildProgressDays({
      days: week,
      today: '2026-11-04',
      pain: new Map([
        ['2026-11-02', 6],
        ['2026-11-04', 4],
      ]),
      engagement: new Map([
        ['2026-11-02', 15],
        ['2026-11-03', 20.5],
      ]),
      steps: new Map([
        ['2026-11-02', 3000],
        ['2026-11-03', 4001],
      ]),
      // Four items a day. Tuesday: 6 ticks count as 4 (repeats do not make up for a missed day).
      completions: new Map([
        ['2026-11-02', 2],
        ['2026-11-03', 6],
      ]),
      items: Array.from({ length: 4 }, () => ({ createdOn: '2026-10-01', deletedOn: null })),
      dataDays: new Set(['2026-11-02', '2026-11-04']),
    });
    expect(days.map((day) => day.future)).toEqual([false, false, false, true, true, true, true]);
    expect(days[0]).toEqual({
      date: '2026-11-02',
      future: false,
      pain: 6,
      engagement_minutes: 15,
      steps: 3000,
      exercises_done: 2,
      exercises_assigned: 4,
      adherence: 0.5,
      has_data: true,
    });
    expect(days[1]?.adherence).toBe(1);
    expect(days[1]?.has_data).toBe(true);
    expect(days[2]?.adherence).toBe(0);
    // (2 + 4 + 0) / (4 + 4 + 4)
    expect(weeklyAdherence(days)).toBe(0.5);
    expect(summariseProgress(days, 6.5)).toEqual({
      adherence: 0.5,
      average_pain: 5,
      previous_average_pain: 6.5,
      pain_change: -1.5,
      engagement_minutes: 35.5,
      average_steps: 3500.5,
      days_with_data: 3,
      days_elapsed: 3,
    });
  });

  it('has no adherence without a program, and no pain change without both weeks', () => {
    const days = buildProgressDays({
      days: week,
      today: '2026-11-08',
      pain: new Map(),
      engagement: new Map(),
      steps: new Map(),
      completions: new Map(),
      items: [],
      dataDays: new Set(),
    });
    expect(days.every((day) => day.adherence === null)).toBe(true);
    expect(summariseProgress(days, 3)).toMatchObject({
      adherence: null,
      average_pain: null,
      pain_change: null,
      engagement_minutes: 0,
      days_with_data: 0,
      days_elapsed: 7,
    });
    expect(mean([null, 1, 2, null])).toBe(1.5);
    expect(mean([])).toBeNull();
  });
});

describe("the weekly report's metrics", () => {
  /** Daily roll-ups of readings, as the repo returns them (UTC days). */
  const rollups = (readings: [HealthMetric, string, number][]) =>
    foldSamples(
      readings.map(([metric, recordedAt, value]) => ({
        sampleId: `${metric}-${recordedAt}`,
        metric,
        recordedAt: new Date(recordedAt),
        value,
        secondaryValue: null,
        unit: 'x',
        source: null,
      })),
      'UTC',
    ).map(({ metric, day, aggregate }) => ({ metric, day, ...aggregate }));

  it('compares whole days for totals and single readings for measures', () => {
    const rows = rollups([
      // Steps arrive in uploads of at most 2,335: 3,000 on Monday, 5,000 on Tuesday.
      ['steps', '2026-11-02T08:00:00Z', 2335],
      ['steps', '2026-11-02T18:00:00Z', 665],
      ['steps', '2026-11-03T08:00:00Z', 2335],
      ['steps', '2026-11-03T12:00:00Z', 2000],
      ['steps', '2026-11-03T18:00:00Z', 665],
      ['heart_rate', '2026-11-02T08:00:00Z', 60],
      ['heart_rate', '2026-11-02T18:00:00Z', 90],
      ['heart_rate', '2026-11-03T08:00:00Z', 70],
    ]);
    expect(summariseMetrics(rows)).toEqual([
      expect.objectContaining({
        metric: 'steps',
        aggregation: 'sum',
        days_with_data: 2,
        value: 4000,
        min: 3000,
        max: 5000,
      }),
      expect.objectContaining({
        metric: 'heart_rate',
        aggregation: 'average',
        days_with_data: 2,
        value: 73.33,
        min: 60,
        max: 90,
      }),
    ]);
  });
});
