import { describe, expect, it } from 'vitest';
import type { HealthMetric } from '@homestretch/contract/common/enums';
import {
  type DailyAggregate,
  dailySecondary,
  dailyValue,
  foldSamples,
  mergeAggregates,
} from './rollup';
import type { NormalisedSample } from './sample-rules';

const reading = (
  metric: HealthMetric,
  recordedAt: string,
  value: number,
  secondaryValue: number | null = null,
): NormalisedSample => ({
  sampleId: `${metric}-${recordedAt}`,
  metric,
  recordedAt: new Date(recordedAt),
  value,
  secondaryValue,
  unit: 'x',
  source: null,
});

describe('daily roll-ups', () => {
  it('adds up summed metrics and averages readings per local day', () => {
    const buckets = foldSamples(
      [
        reading('steps', '2026-11-02T13:00:00Z', 1200),
        reading('steps', '2026-11-02T20:00:00Z', 800),
        // 02:00 UTC on 3 Nov is the evening of 2 Nov in New York.
        reading('steps', '2026-11-03T02:00:00Z', 500),
        reading('steps', '2026-11-03T14:00:00Z', 3000),
        reading('pain', '2026-11-02T14:00:00Z', 6),
        reading('pain', '2026-11-02T23:00:00Z', 3),
      ],
      'America/New_York',
    );
    const find = (metric: string, day: string) =>
      buckets.find((bucket) => bucket.metric === metric && bucket.day === day)?.aggregate;
    const steps = find('steps', '2026-11-02') as DailyAggregate;
    expect(steps).toMatchObject({ count: 3, sum: 2500, min: 500, max: 1200, lastValue: 500 });
    expect(dailyValue('steps', steps)).toBe(2500);
    expect(find('steps', '2026-11-03')).toMatchObject({ count: 1, sum: 3000 });
    const pain = find('pain', '2026-11-02') as DailyAggregate;
    expect(dailyValue('pain', pain)).toBe(4.5);
    expect(pain.lastValue).toBe(3);
    expect(buckets).toHaveLength(3);
  });

  it('keeps diastolic alongside systolic for blood pressure', () => {
    const [bucket] = foldSamples(
      [
        reading('blood_pressure', '2026-11-02T12:00:00Z', 130, 85),
        reading('blood_pressure', '2026-11-02T22:00:00Z', 121, 80),
      ],
      'UTC',
    );
    expect(bucket?.aggregate).toMatchObject({ count: 2, sum: 251, secondarySum: 165, max: 130 });
    if (bucket) {
      expect(dailyValue('blood_pressure', bucket.aggregate)).toBe(125.5);
      expect(dailySecondary(bucket.aggregate)).toBe(82.5);
    }
  });

  it('merges in any order to the same figures; the latest reading wins', () => {
    const morning: DailyAggregate = {
      count: 2,
      sum: 9,
      min: 4,
      max: 5,
      secondarySum: null,
      lastValue: 5,
      lastRecordedAt: new Date('2026-11-02T09:00:00Z'),
    };
    const evening: DailyAggregate = {
      count: 1,
      sum: 2,
      min: 2,
      max: 2,
      secondarySum: null,
      lastValue: 2,
      lastRecordedAt: new Date('2026-11-02T21:00:00Z'),
    };
    const expected = {
      count: 3,
      sum: 11,
      min: 2,
      max: 5,
      secondarySum: null,
      lastValue: 2,
      lastRecordedAt: evening.lastRecordedAt,
    };
    expect(mergeAggregates(morning, evening)).toEqual(expected);
    expect(mergeAggregates(evening, morning)).toEqual(expected);
    expect(dailyValue('pain', expected)).toBe(3.67);
  });
});
