import { z } from 'zod';
import { HEALTH_BATCH_MAX_SAMPLES, HEALTH_SAMPLE_CLOCK_SKEW_MINUTES } from '../common/constants';
import { type HealthMetric, HEALTH_METRICS, HealthMetricSchema } from '../common/enums';
import { DATE_TIME_RULE, IsoDateTimeSchema } from '../common/fields';

/** How a day's samples become the day's figure: totals add up, readings are averaged. */
export type Aggregation = 'sum' | 'average';

export interface MetricRule {
  /** spec §3 labels where the spec gives one. */
  label: string;
  /** The sample field carrying the value (spec §3: steps, level for pain, minutes, value). */
  field: 'steps' | 'level' | 'minutes' | 'value' | 'systolic';
  /** The unit values are stored and charted in. */
  unit: string;
  /** Units a device may send, with the factor that turns one of them into `unit`. */
  units: Readonly<Record<string, number>>;
  /** Plausible range of one sample, in `unit`. */
  min: number;
  max: number;
  integer: boolean;
  aggregation: Aggregation;
}

const minutes = (label: string): MetricRule => ({
  label,
  field: 'value',
  unit: 'min',
  units: { min: 1, h: 60, s: 1 / 60 },
  min: 0,
  max: 1440,
  integer: false,
  aggregation: 'sum',
});

/**
 * Every spec §3 metric type: its value field, unit, accepted units and plausible per-sample range.
 * The server checks samples against this table; apps may use it to label charts.
 */
export const HEALTH_METRIC_RULES: Readonly<Record<HealthMetric, MetricRule>> = {
  engagement: {
    label: 'Engagement Time',
    field: 'minutes',
    unit: 'min',
    units: { min: 1 },
    min: 0,
    max: 1440,
    integer: false,
    aggregation: 'sum',
  },
  pain: {
    label: 'Pain Level',
    field: 'level',
    unit: 'level',
    units: { level: 1 },
    // spec §9: "a helper accepts a number only from 0 to 10 inclusive".
    min: 0,
    max: 10,
    integer: true,
    aggregation: 'average',
  },
  steps: {
    label: 'Steps',
    field: 'steps',
    unit: 'count',
    units: { count: 1 },
    min: 0,
    max: 100_000,
    integer: true,
    aggregation: 'sum',
  },
  distance: {
    label: 'Walking Distance',
    field: 'value',
    unit: 'km',
    units: { km: 1, m: 0.001, mi: 1.609_344 },
    min: 0,
    max: 150,
    integer: false,
    aggregation: 'sum',
  },
  heart_rate: {
    label: 'Heart Rate',
    field: 'value',
    unit: 'bpm',
    units: { bpm: 1, 'count/min': 1 },
    min: 20,
    max: 250,
    integer: false,
    aggregation: 'average',
  },
  blood_oxygen: {
    label: 'SpO2',
    field: 'value',
    unit: '%',
    units: { '%': 1 },
    min: 50,
    max: 100,
    integer: false,
    aggregation: 'average',
  },
  sleep: {
    label: 'Sleep',
    field: 'value',
    unit: 'h',
    units: { h: 1, min: 1 / 60 },
    min: 0,
    max: 24,
    integer: false,
    aggregation: 'sum',
  },
  blood_pressure: {
    label: 'BP (Systolic/Diastolic)',
    field: 'systolic',
    unit: 'mmHg',
    units: { mmHg: 1 },
    min: 50,
    max: 300,
    integer: false,
    aggregation: 'average',
  },
  blood_glucose: {
    label: 'Blood Glucose',
    field: 'value',
    unit: 'mg/dL',
    // 1 mmol/L of glucose is 18.016 mg/dL.
    units: { 'mg/dL': 1, 'mmol/L': 18.016 },
    min: 20,
    max: 600,
    integer: false,
    aggregation: 'average',
  },
  respiratory_rate: {
    label: 'Resp. Rate',
    field: 'value',
    unit: 'breaths/min',
    units: { 'breaths/min': 1, 'count/min': 1 },
    min: 4,
    max: 60,
    integer: false,
    aggregation: 'average',
  },
  active_energy_burned: {
    label: 'Active Energy',
    field: 'value',
    unit: 'kcal',
    units: { kcal: 1, kJ: 1 / 4.184 },
    min: 0,
    max: 10_000,
    integer: false,
    aggregation: 'sum',
  },
  exercise: minutes('Exercise'),
  walking: minutes('Walking'),
  running: minutes('Running'),
  cycling: minutes('Cycling'),
  hiking: minutes('Hiking'),
  stair_climbing: minutes('Stair Climbing'),
};

/** Diastolic pressure range, mmHg (blood_pressure samples carry both). */
export const DIASTOLIC_RANGE = { min: 30, max: 200 } as const;

const VALUE_METRICS = HEALTH_METRICS.filter(
  (metric) => HEALTH_METRIC_RULES[metric].field === 'value',
) as Exclude<HealthMetric, 'steps' | 'pain' | 'engagement' | 'blood_pressure'>[];

const finite = z.number({ error: 'Must be a number' });

const sampleBase = {
  /**
   * The device's own id for this sample (HealthKit UUID, Health Connect id, or any stable
   * string). Re-sending a sample with the same id never counts it twice.
   */
  id: z.string().trim().min(1, 'Give each sample an id').max(128, 'Sample id is too long'),
  /** When it was measured, with a time zone; not in the future, at most a year old. */
  recorded_at: IsoDateTimeSchema.meta({
    format: 'date-time',
    description: `${DATE_TIME_RULE}; not in the future (beyond ${HEALTH_SAMPLE_CLOCK_SKEW_MINUTES} minutes of clock skew), at most a year old`,
  }),
  /** Free label of where it came from, e.g. "Apple Watch". */
  source: z.string().trim().max(100, 'Source is at most 100 characters').optional(),
  unit: z.string().trim().max(16, 'Unit is at most 16 characters').optional(),
};

/**
 * One health sample. The value sits in the field spec §3 names for its type: `steps`, `level`
 * (pain 0-10), `minutes` (engagement), `systolic` + `diastolic` (blood_pressure), `value` for
 * the rest, in the metric's unit or one of its accepted `units`.
 */
export const HealthSampleSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...sampleBase, type: z.literal('steps'), steps: finite }),
  z.strictObject({ ...sampleBase, type: z.literal('pain'), level: finite }),
  z.strictObject({ ...sampleBase, type: z.literal('engagement'), minutes: finite }),
  z.strictObject({
    ...sampleBase,
    type: z.literal('blood_pressure'),
    systolic: finite,
    diastolic: finite,
  }),
  z.strictObject({ ...sampleBase, type: z.enum(VALUE_METRICS), value: finite }),
]);
export type HealthSample = z.input<typeof HealthSampleSchema>;

export const HealthSampleBatchSchema = z.strictObject({
  samples: z
    .array(HealthSampleSchema)
    .min(1, 'Send at least one sample')
    .max(HEALTH_BATCH_MAX_SAMPLES, `At most ${HEALTH_BATCH_MAX_SAMPLES} samples per request`),
});
export type HealthSampleBatch = z.input<typeof HealthSampleBatchSchema>;

/** One day of one metric, as the daily roll-up keeps it. */
export const DailyPointSchema = z.object({
  date: z.string(),
  /** The day's figure: the total for summed metrics, the mean for averaged ones. */
  value: z.number(),
  min: z.number(),
  max: z.number(),
  count: z.number().int(),
  last_value: z.number(),
  /** blood_pressure: the day's mean diastolic (value is the mean systolic). */
  secondary_value: z.number().nullable(),
});
export type DailyPoint = z.infer<typeof DailyPointSchema>;

export const MetricSeriesSchema = z.object({
  metric: HealthMetricSchema,
  label: z.string(),
  unit: z.string(),
  aggregation: z.enum(['sum', 'average']),
  /** Days with data only, oldest first. */
  days: z.array(DailyPointSchema),
});
export type MetricSeries = z.infer<typeof MetricSeriesSchema>;

export const HealthChartSchema = z.object({
  patient_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  series: z.array(MetricSeriesSchema),
});
export type HealthChart = z.infer<typeof HealthChartSchema>;
