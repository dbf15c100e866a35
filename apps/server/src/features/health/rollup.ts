/**
 * Daily roll-ups of health samples (ARCHITECTURE.md: raw rows keyed for idempotent ingest, plus
 * daily roll-ups maintained on write; dashboards read roll-ups). Pure: the same merge the repo's
 * upsert does in SQL, and the figure a day shows.
 */
import type { HealthMetric } from '@homestretch/contract/common/enums';
import { HEALTH_METRIC_RULES } from '@homestretch/contract/health/metrics';
import { localDate } from '../../platform/calendar';
import type { NormalisedSample } from './sample-rules';

/** What health_daily keeps for one patient, metric and day. */
export interface DailyAggregate {
  count: number;
  sum: number;
  min: number;
  max: number;
  /** blood_pressure: sum of diastolic readings; null for other metrics. */
  secondarySum: number | null;
  /** The latest reading of the day, by recorded time. */
  lastValue: number;
  lastRecordedAt: Date;
}

export interface DailyBucket {
  metric: HealthMetric;
  /** Calendar date in the clinic's time zone. */
  day: string;
  aggregate: DailyAggregate;
}

export function aggregateOf(sample: NormalisedSample): DailyAggregate {
  return {
    count: 1,
    sum: sample.value,
    min: sample.value,
    max: sample.value,
    secondarySum: sample.secondaryValue,
    lastValue: sample.value,
    lastRecordedAt: sample.recordedAt,
  };
}

/**
 * Combines two aggregates of the same day. Order-free except for the latest reading, where a
 * tie goes to `incoming` (the SQL upsert does the same with `>=`).
 */
export function mergeAggregates(
  existing: DailyAggregate,
  incoming: DailyAggregate,
): DailyAggregate {
  const incomingIsLatest = incoming.lastRecordedAt.getTime() >= existing.lastRecordedAt.getTime();
  return {
    count: existing.count + incoming.count,
    sum: existing.sum + incoming.sum,
    min: Math.min(existing.min, incoming.min),
    max: Math.max(existing.max, incoming.max),
    secondarySum:
      existing.secondarySum === null && incoming.secondarySum === null
        ? null
        : (existing.secondarySum ?? 0) + (incoming.secondarySum ?? 0),
    lastValue: incomingIsLatest ? incoming.lastValue : existing.lastValue,
    lastRecordedAt: incomingIsLatest ? incoming.lastRecordedAt : existing.lastRecordedAt,
  };
}

/** Groups new samples by metric and local day (clinic time zone), folding each group. */
export function foldSamples(samples: NormalisedSample[], timeZone: string): DailyBucket[] {
  const buckets = new Map<string, DailyBucket>();
  for (const sample of samples) {
    const day = localDate(sample.recordedAt, timeZone);
    const key = `${sample.metric}|${day}`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.aggregate = mergeAggregates(bucket.aggregate, aggregateOf(sample));
    } else {
      buckets.set(key, { metric: sample.metric, day, aggregate: aggregateOf(sample) });
    }
  }
  return [...buckets.values()];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The day's figure: the total for summed metrics (steps, minutes), the mean for readings. */
export function dailyValue(metric: HealthMetric, aggregate: DailyAggregate): number {
  const value =
    HEALTH_METRIC_RULES[metric].aggregation === 'sum'
      ? aggregate.sum
      : aggregate.sum / aggregate.count;
  return round2(value);
}

/** blood_pressure: the day's mean diastolic; null for other metrics. */
export function dailySecondary(aggregate: DailyAggregate): number | null {
  return aggregate.secondarySum === null ? null : round2(aggregate.secondarySum / aggregate.count);
}
