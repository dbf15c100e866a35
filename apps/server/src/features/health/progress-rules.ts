/**
 * Weekly progress and adherence (spec §7 progress, the weekly report; domain/rtm.md: "make
 * adherence visible"). Pure: the service loads the week's daily figures and program, these
 * functions do the arithmetic the unit tests pin.
 */
import { HEALTH_METRICS } from '@homestretch/contract/common/enums';
import { HEALTH_METRIC_RULES } from '@homestretch/contract/health/metrics';
import type { ReportMetric } from '@homestretch/contract/health/patient-report';
import type { ProgressDay, ProgressSummary } from '@homestretch/contract/health/progress';
import type { DailyRow } from './health.repo';
import { dailyValue } from './rollup';

/** A program item's life in local dates: assigned from `createdOn`, gone from `deletedOn`. */
export interface ProgramItemSpan {
  createdOn: string;
  deletedOn: string | null;
}

/** Items the patient was expected to do on `day`: created by then and not yet deleted. */
export function assignedOn(items: ProgramItemSpan[], day: string): number {
  return items.filter(
    (item) => item.createdOn <= day && (item.deletedOn === null || item.deletedOn > day),
  ).length;
}

export interface WeekInput {
  /** The dates shown, oldest first. */
  days: string[];
  /** Today in the clinic's time zone: later days are `future`. */
  today: string;
  /** Mean pain per day, engagement minutes and steps per day (from the daily roll-ups). */
  pain: ReadonlyMap<string, number>;
  engagement: ReadonlyMap<string, number>;
  steps: ReadonlyMap<string, number>;
  /** Program items ticked off per day. */
  completions: ReadonlyMap<string, number>;
  items: ProgramItemSpan[];
  /** Days on which any monitored data arrived (samples, pain, exercise). */
  dataDays: ReadonlySet<string>;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function buildProgressDays(input: WeekInput): ProgressDay[] {
  return input.days.map((date) => {
    const assigned = assignedOn(input.items, date);
    const done = input.completions.get(date) ?? 0;
    return {
      date,
      future: date > input.today,
      pain: input.pain.get(date) ?? null,
      engagement_minutes: input.engagement.get(date) ?? null,
      steps: input.steps.get(date) ?? null,
      exercises_done: done,
      exercises_assigned: assigned,
      adherence: assigned > 0 ? round2(Math.min(done, assigned) / assigned) : null,
      has_data: input.dataDays.has(date) || done > 0,
    };
  });
}

/** Mean of the values present, null when there are none. */
export function mean(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0
    ? null
    : round2(present.reduce((sum, value) => sum + value, 0) / present.length);
}

/**
 * Adherence over days that have happened: items done (at most the day's assignment, so extra
 * repeats on one day cannot make up for a missed day) over items expected. Null without a program.
 */
export function weeklyAdherence(days: ProgressDay[]): number | null {
  const elapsed = days.filter((day) => !day.future);
  const expected = elapsed.reduce((sum, day) => sum + day.exercises_assigned, 0);
  if (expected === 0) {
    return null;
  }
  const done = elapsed.reduce(
    (sum, day) => sum + Math.min(day.exercises_done, day.exercises_assigned),
    0,
  );
  return round2(done / expected);
}

export function summariseProgress(
  days: ProgressDay[],
  previousAveragePain: number | null,
): ProgressSummary {
  const elapsed = days.filter((day) => !day.future);
  const averagePain = mean(elapsed.map((day) => day.pain));
  return {
    adherence: weeklyAdherence(days),
    average_pain: averagePain,
    previous_average_pain: previousAveragePain,
    pain_change:
      averagePain !== null && previousAveragePain !== null
        ? round2(averagePain - previousAveragePain)
        : null,
    engagement_minutes: round2(
      elapsed.reduce((sum, day) => sum + (day.engagement_minutes ?? 0), 0),
    ),
    average_steps: mean(elapsed.map((day) => day.steps)),
    days_with_data: elapsed.filter((day) => day.has_data).length,
    days_elapsed: elapsed.length,
  };
}

/**
 * One line per metric with data in the week, for the weekly report. Lowest and highest compare
 * like with like: for a summed metric (steps, distance, calories) the day totals its average is
 * made of, for a measured one (heart rate, pain) single readings. The report once set a day's
 * mean steps beside the largest single upload of steps, so its "highest" was below its average.
 */
export function summariseMetrics(rows: DailyRow[]): ReportMetric[] {
  return HEALTH_METRICS.flatMap((metric) => {
    const days = rows.filter((row) => row.metric === metric);
    if (days.length === 0) {
      return [];
    }
    const rule = HEALTH_METRIC_RULES[metric];
    const count = days.reduce((sum, row) => sum + row.count, 0);
    const total = days.reduce((sum, row) => sum + row.sum, 0);
    const summed = rule.aggregation === 'sum';
    // A summed metric's day is one figure, its total; a measured metric's day spans its readings.
    const lows = days.map((row) => (summed ? dailyValue(metric, row) : row.min));
    const highs = days.map((row) => (summed ? dailyValue(metric, row) : row.max));
    return [
      {
        metric,
        label: rule.label,
        unit: rule.unit,
        aggregation: rule.aggregation,
        days_with_data: days.length,
        value: round2(summed ? total / days.length : total / count),
        min: Math.min(...lows),
        max: Math.max(...highs),
      },
    ];
  });
}
