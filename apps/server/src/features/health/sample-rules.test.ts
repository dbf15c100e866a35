import { describe, expect, it } from 'vitest';
import { HEALTH_METRICS } from '@homestretch/contract/common/enums';
import { HEALTH_METRIC_RULES, HealthSampleSchema } from '@homestretch/contract/health/metrics';
import { checkBatch, checkSample } from './sample-rules';

const now = new Date('2026-11-02T15:00:00Z');
const at = '2026-11-02T08:30:00-05:00';

function sample(input: Record<string, unknown>) {
  return HealthSampleSchema.parse({ id: 'sample-1', recorded_at: at, ...input });
}

describe('health sample checks', () => {
  it('reads each type from its own field and stores the metric unit', () => {
    expect(checkSample(sample({ type: 'steps', steps: 1200 }), now)).toMatchObject({
      ok: true,
      sample: { metric: 'steps', value: 1200, unit: 'count', secondaryValue: null },
    });
    expect(checkSample(sample({ type: 'pain', level: 7 }), now)).toMatchObject({
      ok: true,
      sample: { metric: 'pain', value: 7, unit: 'level' },
    });
    expect(checkSample(sample({ type: 'engagement', minutes: 12.5 }), now)).toMatchObject({
      ok: true,
      sample: { value: 12.5, unit: 'min' },
    });
    const pressure = checkSample(
      sample({ type: 'blood_pressure', systolic: 128, diastolic: 82 }),
      now,
    );
    expect(pressure).toMatchObject({ ok: true, sample: { value: 128, secondaryValue: 82 } });
    if (pressure.ok) {
      expect(pressure.sample.recordedAt.toISOString()).toBe('2026-11-02T13:30:00.000Z');
    }
  });

  it('has a rule for every spec §3 metric', () => {
    for (const metric of HEALTH_METRICS) {
      expect(HEALTH_METRIC_RULES[metric].unit).not.toBe('');
    }
  });

  it('converts accepted units to the stored one', () => {
    const convert = (input: Record<string, unknown>) => {
      const result = checkSample(sample(input), now);
      return result.ok ? result.sample.value : result.errors;
    };
    expect(convert({ type: 'distance', value: 1500, unit: 'm' })).toBe(1.5);
    expect(convert({ type: 'distance', value: 1, unit: 'mi' })).toBe(1.609344);
    expect(convert({ type: 'blood_glucose', value: 5.5, unit: 'mmol/L' })).toBe(99.088);
    expect(convert({ type: 'sleep', value: 450, unit: 'min' })).toBe(7.5);
    expect(convert({ type: 'active_energy_burned', value: 418.4, unit: 'kJ' })).toBe(100);
    expect(convert({ type: 'cycling', value: 0.5, unit: 'h' })).toBe(30);
    expect(convert({ type: 'heart_rate', value: 60, unit: 'mmHg' })).toEqual({
      unit: 'Use bpm or count/min for heart_rate',
    });
  });

  it('refuses implausible values, naming the field', () => {
    const errors = (input: Record<string, unknown>) => {
      const result = checkSample(sample(input), now);
      return result.ok ? {} : result.errors;
    };
    expect(errors({ type: 'pain', level: 11 })).toEqual({
      level: 'Must be between 0 and 10 level',
    });
    expect(errors({ type: 'pain', level: 4.5 })).toEqual({ level: 'Must be a whole number' });
    expect(errors({ type: 'steps', steps: -1 })).toEqual({
      steps: 'Must be between 0 and 100000 count',
    });
    expect(errors({ type: 'steps', steps: 10.5 })).toEqual({ steps: 'Must be a whole number' });
    expect(errors({ type: 'engagement', minutes: 1441 })).toHaveProperty('minutes');
    expect(errors({ type: 'heart_rate', value: 19 })).toHaveProperty('value');
    expect(errors({ type: 'heart_rate', value: 250 })).toEqual({});
    expect(errors({ type: 'blood_oxygen', value: 101 })).toHaveProperty('value');
    expect(errors({ type: 'distance', value: 200_000, unit: 'm' })).toEqual({
      value: 'Must be between 0 and 150000 m',
    });
    expect(errors({ type: 'blood_pressure', systolic: 120, diastolic: 130 })).toEqual({
      diastolic: 'Must be lower than systolic',
    });
    expect(errors({ type: 'blood_pressure', systolic: 400, diastolic: 10 })).toEqual({
      systolic: 'Must be between 50 and 300 mmHg',
      diastolic: 'Must be between 30 and 200 mmHg',
    });
  });

  it('refuses samples from the future (past 5 minutes of skew) or over a year old', () => {
    const when = (recorded_at: string) => {
      const result = checkSample(sample({ type: 'steps', steps: 1, recorded_at }), now);
      return result.ok ? 'ok' : result.errors.recorded_at;
    };
    expect(when('2026-11-02T15:05:00Z')).toBe('ok');
    expect(when('2026-11-02T15:05:01Z')).toBe('Cannot be in the future');
    expect(when('2025-11-01T15:00:00Z')).toBe('ok');
    expect(when('2025-10-31T14:59:59Z')).toBe('Cannot be more than 366 days old');
  });

  it('checks a batch as a whole, naming samples by position, and keeps a repeated id once', () => {
    const good = sample({ id: 'a', type: 'steps', steps: 10 });
    const repeat = sample({ id: 'a', type: 'steps', steps: 99 });
    expect(checkBatch([good, repeat], now)).toMatchObject({
      ok: true,
      samples: [{ sampleId: 'a', value: 10 }],
    });
    expect(checkBatch([good, sample({ id: 'b', type: 'pain', level: 12 })], now)).toEqual({
      ok: false,
      errors: { 'samples.1.level': 'Must be between 0 and 10 level' },
    });
  });
});
