/**
 * Synthetic health samples for demo patients: plausible values per metric (spec §3 health metric
 * types), shaped the way therapists expect: movement rising and pain falling after onboarding,
 * some days missed, some patients gone quiet. Deterministic per patient key.
 */
import type { HealthMetric } from '@homestretch/contract/common/enums';
import { HEALTH_METRIC_RULES } from '@homestretch/contract/health/metrics';
import type { ClinicDay } from './clinic-days';
import { type Random, seededRandom } from './random';

/** Metrics only some patients have: a home blood-pressure cuff, a glucose meter, a sport. */
export type ExtraMetric =
  'blood_pressure' | 'blood_glucose' | 'running' | 'cycling' | 'hiking' | 'stair_climbing';

export interface HealthProfile {
  /** Stable per patient: seeds the generator and names the samples. */
  key: string;
  age: number;
  /** Apple-Watch-like wearables add vitals and sleep to the phone's movement data. */
  device: 'watch' | 'phone';
  extras: readonly ExtraMetric[];
  /** `ClinicDay.index` of the onboarding day; may come before the first of the days generated. */
  onboardedIndex: number;
  /** `ClinicDay.index` of the last day that may have data (discharge, or before going quiet). */
  lastIndex: number;
}

export interface DemoSample {
  sampleId: string;
  metric: HealthMetric;
  recordedAt: Date;
  value: number;
  secondaryValue: number | null;
  unit: string;
}

/** Days of home program (8 weeks) after which the demo's improvement levels off. */
const RECOVERY_DAYS = 56;

/** A patient's own baseline, drawn once, so their days look like the same person's. */
interface Baseline {
  steps: number;
  stepsGain: number;
  strideKm: number;
  painStart: number;
  painDrop: number;
  /** Chance of opening the app (pain report, exercises) on a given day after onboarding. */
  adherence: number;
  heartRate: number;
  sleepHours: number;
  respiratoryRate: number;
  systolic: number;
  diastolic: number;
  fastingGlucose: number;
  /** Days [start, end) of a lapse (holiday, flare-up, phone left at home), if any. */
  gap: { start: number; end: number } | null;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number, step = 1) => Math.round(value / step) * step;

/** A lapse of 3-6 days for about a third of patients, a week or more into their program. */
function drawGap(random: Random, profile: HealthProfile, firstIndex: number): Baseline['gap'] {
  const earliest = Math.max(profile.onboardedIndex + 7, firstIndex);
  const latest = profile.lastIndex - 8;
  if (latest < earliest || !random.chance(0.3)) {
    return null;
  }
  const start = random.int(earliest, latest);
  return { start, end: start + random.int(3, 6) };
}

function drawBaseline(random: Random, profile: HealthProfile, firstIndex: number): Baseline {
  const [stepsMin, stepsMax] =
    profile.age < 40 ? [4_500, 6_500] : profile.age < 65 ? [3_000, 5_000] : [1_600, 3_200];
  return {
    steps: random.between(stepsMin, stepsMax),
    stepsGain: random.between(0.25, 0.7),
    strideKm: random.between(0.00062, 0.00076),
    painStart: random.int(5, 8),
    painDrop: random.between(2, 4.5),
    adherence: random.between(0.45, 0.95),
    heartRate: random.between(62, 78),
    sleepHours: random.between(6, 7.6),
    respiratoryRate: random.between(13, 17),
    systolic: random.between(118, 142),
    diastolic: random.between(72, 88),
    fastingGlucose: random.between(92, 125),
    gap: drawGap(random, profile, firstIndex),
  };
}

/** Splits a day's total into `parts` shares of uneven size. */
function split(random: Random, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => random.between(0.5, 1.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (total * weight) / sum);
}

/** Collects one day's samples, naming each `seed-<patient>-<metric>-<day>-<n>` and dropping any after `now`. */
class DaySamples {
  private readonly counters = new Map<HealthMetric, number>();
  readonly samples: DemoSample[] = [];

  constructor(
    private readonly key: string,
    private readonly day: ClinicDay,
    private readonly now: Date,
  ) {}

  add(
    metric: HealthMetric,
    hours: number,
    minutes: number,
    value: number,
    secondaryValue: number | null = null,
  ) {
    const n = this.counters.get(metric) ?? 0;
    this.counters.set(metric, n + 1);
    const recordedAt = this.day.at(hours, minutes);
    if (recordedAt.getTime() > this.now.getTime()) {
      return;
    }
    this.samples.push({
      sampleId: `seed-${this.key}-${metric}-${this.day.date}-${n}`,
      metric,
      recordedAt,
      value,
      secondaryValue,
      unit: HEALTH_METRIC_RULES[metric].unit,
    });
  }
}

/** Phone data: steps in four bursts, distance and active energy twice a day. */
function addMovement(
  out: DaySamples,
  random: Random,
  base: Baseline,
  day: ClinicDay,
  progress: number,
) {
  const weekend = day.weekday === 0 || day.weekday === 6 ? 0.85 : 1;
  const steps = clamp(
    base.steps * (1 + base.stepsGain * progress) * weekend * random.between(0.8, 1.2),
    1_500,
    9_000,
  );
  split(random, steps, 4).forEach((part, n) =>
    out.add('steps', 8 + n * 4, random.int(0, 59), Math.round(part)),
  );
  split(random, steps * base.strideKm, 2).forEach((part, n) =>
    out.add('distance', 13 + n * 7, random.int(0, 59), round(part, 0.01)),
  );
  const energy = steps * 0.04 + random.between(40, 90);
  split(random, energy, 2).forEach((part, n) =>
    out.add('active_energy_burned', 13 + n * 7, random.int(0, 59), Math.round(part)),
  );
}

/** Wearable data: heart rate, SpO2, sleep, breathing rate, exercise and walking minutes. */
function addVitals(out: DaySamples, random: Random, base: Baseline, progress: number) {
  for (const hours of [7, 11, 15, 20]) {
    const daytime = hours === 11 || hours === 15 ? 6 : 0;
    out.add(
      'heart_rate',
      hours,
      random.int(0, 59),
      Math.round(clamp(base.heartRate + daytime + random.between(-8, 8), 55, 95)),
    );
  }
  out.add(
    'blood_oxygen',
    6,
    random.int(0, 59),
    Math.round(clamp(random.between(95, 99.4), 94, 99)),
  );
  out.add(
    'blood_oxygen',
    21,
    random.int(0, 59),
    Math.round(clamp(random.between(94.2, 99.4), 94, 99)),
  );
  // Logged when the patient wakes: the night belongs to the day it ends on.
  out.add(
    'sleep',
    6,
    random.int(0, 50),
    round(clamp(base.sleepHours + random.between(-1.2, 1.2), 5, 9), 0.1),
  );
  out.add(
    'respiratory_rate',
    5,
    random.int(0, 59),
    round(clamp(base.respiratoryRate + random.between(-2, 2), 12, 20), 0.5),
  );
  out.add(
    'respiratory_rate',
    22,
    random.int(0, 59),
    round(clamp(base.respiratoryRate + random.between(-2, 2), 12, 20), 0.5),
  );
  out.add(
    'exercise',
    18,
    random.int(0, 59),
    Math.round(clamp(10 + 30 * progress + random.between(-8, 15), 5, 60)),
  );
  out.add('walking', 17, random.int(0, 59), random.int(10, 40));
}

function addExtras(
  out: DaySamples,
  random: Random,
  base: Baseline,
  day: ClinicDay,
  extras: readonly ExtraMetric[],
) {
  const weekend = day.weekday === 0 || day.weekday === 6;
  for (const extra of extras) {
    switch (extra) {
      case 'blood_pressure':
        out.add(
          'blood_pressure',
          7,
          random.int(10, 50),
          Math.round(base.systolic + random.between(-8, 8)),
          Math.round(base.diastolic + random.between(-5, 5)),
        );
        if (random.chance(0.6)) {
          out.add(
            'blood_pressure',
            20,
            random.int(0, 50),
            Math.round(base.systolic + random.between(-10, 6)),
            Math.round(base.diastolic + random.between(-6, 4)),
          );
        }
        break;
      case 'blood_glucose':
        out.add(
          'blood_glucose',
          7,
          random.int(0, 30),
          Math.round(base.fastingGlucose + random.between(-8, 8)),
        );
        out.add(
          'blood_glucose',
          14,
          random.int(0, 59),
          Math.round(clamp(base.fastingGlucose + random.between(20, 55), 110, 180)),
        );
        break;
      case 'running':
        if (random.chance(0.35)) {
          out.add('running', 7, random.int(0, 40), random.int(15, 40));
        }
        break;
      case 'cycling':
        if (random.chance(0.3)) {
          out.add('cycling', 17, random.int(0, 59), random.int(20, 60));
        }
        break;
      case 'hiking':
        if (weekend && random.chance(0.4)) {
          out.add('hiking', 10, random.int(0, 59), random.int(45, 120));
        }
        break;
      case 'stair_climbing':
        if (random.chance(0.5)) {
          out.add('stair_climbing', 16, random.int(0, 59), random.int(3, 12));
        }
        break;
    }
  }
}

/** In-app data after onboarding: the evening pain report and time in the exercise program. */
function addProgram(out: DaySamples, random: Random, base: Baseline, progress: number) {
  const pain = base.painStart - base.painDrop * progress + random.between(-1, 1);
  out.add('pain', 19, random.int(0, 150), Math.round(clamp(pain, 0, 10)));
  const sessions = random.chance(0.3) ? 2 : 1;
  const minutes = split(
    random,
    clamp(12 + 18 * progress + random.between(-8, 10), 5, 40),
    sessions,
  );
  minutes.forEach((part, n) =>
    out.add('engagement', n === 0 ? 9 : 18, random.int(0, 59), Math.max(1, Math.round(part))),
  );
}

/**
 * One patient's samples over `days` (oldest first, today last), none after `now`.
 * Wearable and phone data also exist before onboarding (the app imports the history it is
 * allowed to read), so charts show a baseline; pain and engagement start the day after
 * onboarding, so none comes before `onboarded_at`.
 */
export function generateHealthSamples(
  profile: HealthProfile,
  days: readonly ClinicDay[],
  now: Date,
): DemoSample[] {
  const random = seededRandom(profile.key);
  const base = drawBaseline(random, profile, days[0]?.index ?? 0);
  const samples: DemoSample[] = [];
  for (const day of days) {
    const lapsed = base.gap !== null && day.index >= base.gap.start && day.index < base.gap.end;
    if (day.index > profile.lastIndex || lapsed) {
      continue;
    }
    const out = new DaySamples(profile.key, day, now);
    const progress = clamp((day.index - profile.onboardedIndex) / RECOVERY_DAYS, 0, 1);
    // A phone is carried nearly every day; a watch is left on the charger now and then.
    if (random.chance(profile.device === 'watch' ? 0.94 : 0.98)) {
      addMovement(out, random, base, day, progress);
      if (profile.device === 'watch') {
        addVitals(out, random, base, progress);
      }
    }
    addExtras(out, random, base, day, profile.extras);
    if (day.index > profile.onboardedIndex && random.chance(base.adherence)) {
      addProgram(out, random, base, progress);
    }
    samples.push(...out.samples);
  }
  return samples;
}
