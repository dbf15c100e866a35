/**
 * Per-metric validation of uploaded health samples: the value field of spec §3 for each type,
 * accepted units converted to the stored unit, plausible ranges, and timestamps neither in the
 * future nor older than a year. Pure; the contract's HEALTH_METRIC_RULES is the table.
 */
import {
  HEALTH_SAMPLE_CLOCK_SKEW_MINUTES,
  HEALTH_SAMPLE_MAX_AGE_DAYS,
} from '@homestretch/contract/common/constants';
import type { HealthMetric } from '@homestretch/contract/common/enums';
import type { z } from 'zod';
import {
  DIASTOLIC_RANGE,
  HEALTH_METRIC_RULES,
  type HealthSampleSchema,
} from '@homestretch/contract/health/metrics';

type HealthSample = z.output<typeof HealthSampleSchema>;

/** A sample as stored: value (and diastolic) in the metric's own unit. */
export interface NormalisedSample {
  sampleId: string;
  metric: HealthMetric;
  recordedAt: Date;
  value: number;
  secondaryValue: number | null;
  unit: string;
  source: string | null;
}

export type SampleCheck =
  { ok: true; sample: NormalisedSample } | { ok: false; errors: Record<string, string> };

const SKEW_MS = HEALTH_SAMPLE_CLOCK_SKEW_MINUTES * 60_000;
const MAX_AGE_MS = HEALTH_SAMPLE_MAX_AGE_DAYS * 86_400_000;

/** Conversions can leave float dust (0.1 mi = 0.16093440000000002 km). */
const tidy = (value: number) => Number(value.toPrecision(12));

const format = (value: number) => String(tidy(value));

function rawValue(sample: HealthSample): number {
  if (sample.type === 'steps') {
    return sample.steps;
  }
  if (sample.type === 'pain') {
    return sample.level;
  }
  if (sample.type === 'engagement') {
    return sample.minutes;
  }
  if (sample.type === 'blood_pressure') {
    return sample.systolic;
  }
  return sample.value;
}

/** Checks one sample at `now`; errors are keyed by the sample's own field names. */
export function checkSample(sample: HealthSample, now: Date): SampleCheck {
  const rule = HEALTH_METRIC_RULES[sample.type];
  const errors: Record<string, string> = {};
  const unit = sample.unit ?? rule.unit;
  const factor = rule.units[unit];
  if (factor === undefined) {
    errors.unit = `Use ${Object.keys(rule.units).join(' or ')} for ${sample.type}`;
  }
  const raw = rawValue(sample);
  const value = tidy(raw * (factor ?? 1));
  if (!Number.isFinite(raw)) {
    errors[rule.field] = 'Must be a number';
  } else if (rule.integer && !Number.isInteger(raw)) {
    errors[rule.field] = 'Must be a whole number';
  } else if (factor !== undefined && (value < rule.min || value > rule.max)) {
    errors[rule.field] =
      `Must be between ${format(rule.min / factor)} and ${format(rule.max / factor)} ${unit}`;
  }
  let secondaryValue: number | null = null;
  if (sample.type === 'blood_pressure') {
    secondaryValue = sample.diastolic;
    if (
      !Number.isFinite(secondaryValue) ||
      secondaryValue < DIASTOLIC_RANGE.min ||
      secondaryValue > DIASTOLIC_RANGE.max
    ) {
      errors.diastolic = `Must be between ${DIASTOLIC_RANGE.min} and ${DIASTOLIC_RANGE.max} mmHg`;
    } else if (secondaryValue >= sample.systolic) {
      errors.diastolic = 'Must be lower than systolic';
    }
  }
  const recordedAt = new Date(sample.recorded_at);
  if (recordedAt.getTime() > now.getTime() + SKEW_MS) {
    errors.recorded_at = 'Cannot be in the future';
  } else if (recordedAt.getTime() < now.getTime() - MAX_AGE_MS) {
    errors.recorded_at = `Cannot be more than ${HEALTH_SAMPLE_MAX_AGE_DAYS} days old`;
  }
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    sample: {
      sampleId: sample.id,
      metric: sample.type,
      recordedAt,
      value,
      secondaryValue,
      unit: rule.unit,
      source: sample.source ?? null,
    },
  };
}

/**
 * Checks a batch: all samples, or the errors of every bad one keyed `samples.<i>.<field>` (the
 * error shape's field names). A sample id repeated in the batch is kept once (the first).
 */
export function checkBatch(
  samples: HealthSample[],
  now: Date,
): { ok: true; samples: NormalisedSample[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const accepted = new Map<string, NormalisedSample>();
  samples.forEach((sample, index) => {
    const result = checkSample(sample, now);
    if (!result.ok) {
      for (const [field, message] of Object.entries(result.errors)) {
        errors[`samples.${index}.${field}`] = message;
      }
    } else if (!accepted.has(result.sample.sampleId)) {
      accepted.set(result.sample.sampleId, result.sample);
    }
  });
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, samples: [...accepted.values()] };
}
