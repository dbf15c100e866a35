import { describe, expect, it } from 'vitest';
import { HEALTH_METRIC_RULES } from '@homestretch/contract/health/metrics';
import { lastClinicDays } from './clinic-days';
import { type HealthProfile, generateHealthSamples } from './demo-health';

const NOW = new Date('2026-11-02T15:00:00Z');
const DAYS = lastClinicDays('America/New_York', NOW, 90);
const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });

const profile: HealthProfile = {
  key: 'test-01',
  age: 58,
  device: 'watch',
  extras: ['blood_pressure', 'running'],
  onboardedIndex: 20,
  lastIndex: 89,
};

function dailyTotals(samples: ReturnType<typeof generateHealthSamples>, metric: string) {
  const totals = new Map<string, number>();
  for (const sample of samples.filter((s) => s.metric === metric)) {
    const day = localDate.format(sample.recordedAt);
    totals.set(day, (totals.get(day) ?? 0) + sample.value);
  }
  return totals;
}

describe('generateHealthSamples', () => {
  const samples = generateHealthSamples(profile, DAYS, NOW);

  it('gives the same samples on every run for the same patient and time', () => {
    expect(generateHealthSamples(profile, DAYS, NOW)).toEqual(samples);
    expect(generateHealthSamples({ ...profile, key: 'test-02' }, DAYS, NOW)).not.toEqual(samples);
  });

  it('never dates a sample after now and never repeats a sample id', () => {
    expect(samples.every((sample) => sample.recordedAt.getTime() <= NOW.getTime())).toBe(true);
    expect(new Set(samples.map((sample) => sample.sampleId)).size).toBe(samples.length);
  });

  it('sends only samples the ingest rules accept: unit, range and whole numbers', () => {
    for (const sample of samples) {
      const rule = HEALTH_METRIC_RULES[sample.metric];
      expect(sample.unit, sample.sampleId).toBe(rule.unit);
      expect(sample.value, sample.sampleId).toBeGreaterThanOrEqual(rule.min);
      expect(sample.value, sample.sampleId).toBeLessThanOrEqual(rule.max);
      expect(!rule.integer || Number.isInteger(sample.value), sample.sampleId).toBe(true);
    }
  });

  it('keeps each metric in the range a PT patient plausibly shows', () => {
    const today = DAYS[89]?.date;
    for (const [day, steps] of dailyTotals(samples, 'steps')) {
      if (day !== today) {
        expect(steps).toBeGreaterThanOrEqual(1_490);
        expect(steps).toBeLessThanOrEqual(9_010);
      }
    }
    const values = (metric: string) =>
      samples.filter((s) => s.metric === metric).map((s) => s.value);
    expect(values('pain').every((v) => Number.isInteger(v) && v >= 0 && v <= 10)).toBe(true);
    expect(values('heart_rate').every((v) => v >= 55 && v <= 95)).toBe(true);
    expect(values('blood_oxygen').every((v) => v >= 94 && v <= 99)).toBe(true);
    expect(values('sleep').every((v) => v >= 5 && v <= 9)).toBe(true);
    expect(values('respiratory_rate').every((v) => v >= 12 && v <= 20)).toBe(true);
    expect([...dailyTotals(samples, 'engagement').values()].every((v) => v >= 4 && v <= 41)).toBe(
      true,
    );
    const pressures = samples.filter((s) => s.metric === 'blood_pressure');
    expect(pressures.length).toBeGreaterThan(0);
    expect(pressures.every((s) => s.secondaryValue !== null && s.secondaryValue < s.value)).toBe(
      true,
    );
  });

  it('starts program data the day after onboarding and shows pain easing over time', () => {
    const onboarding = DAYS[profile.onboardedIndex]?.at(23, 59) ?? new Date(0);
    const pain = samples.filter((s) => s.metric === 'pain');
    expect(pain.every((s) => s.recordedAt > onboarding)).toBe(true);
    expect(samples.some((s) => s.metric === 'steps' && s.recordedAt < onboarding)).toBe(true);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const firstWeeks = pain.slice(0, 10).map((s) => s.value);
    const lastWeeks = pain.slice(-10).map((s) => s.value);
    expect(mean(lastWeeks)).toBeLessThan(mean(firstWeeks));
  });

  it('sends nothing after the last day in care', () => {
    const quiet = generateHealthSamples({ ...profile, lastIndex: 80 }, DAYS, NOW);
    const lastDay = DAYS[80]?.date ?? '';
    expect(quiet.every((s) => localDate.format(s.recordedAt) <= lastDay)).toBe(true);
  });
});
