/**
 * Turns the demo people (demo-people.ts) into what the seed writes for each patient: the patient
 * row, their samples, logged calls and functional measurements. Pure: no database, same output
 * for the same `now`.
 */
import type { patients } from '../db/schema';
import { normaliseSearchText } from '../platform/search-text';
import type { ClinicDay } from './clinic-days';
import { type DemoSample, generateHealthSamples } from './demo-health';
import { type CareTeam, DIAGNOSES, type DemoPatientSpec, type DiagnosisCode } from './demo-people';
import { type Random, seededRandom } from './random';

/** Days of health history the demo shows (the dashboards' longest range). */
const HEALTH_HISTORY_DAYS = 90;
/** Onboarding dates go back this far; `days` passed in must cover it. */
export const PLANNING_DAYS = 120;

export interface LoggedCall {
  date: Date;
  durationSeconds: number;
  notes: string;
  /** Which of the patient's team made the call. */
  by: 'therapist' | 'remote';
}

export interface Measure {
  name: string;
  unit: string;
  entries: { recordedOn: string; value: number }[];
}

export interface PatientPlan {
  key: string;
  row: Omit<
    typeof patients.$inferInsert,
    'clinicId' | 'userId' | 'searchName' | 'sortName' | 'searchVector'
  >;
  team: CareTeam;
  samples: DemoSample[];
  calls: LoggedCall[];
  measures: Measure[];
}

export interface ClinicPlanInput {
  /** Prefix of the patients' stable keys, e.g. "demo" → demo-01. */
  keyPrefix: string;
  /** US area codes for the patients' fictional phone numbers. */
  areaCodes: readonly string[];
  /** First of the 555-01xx line numbers for this clinic, so numbers differ across clinics. */
  firstLine: number;
  /** The PLANNING_DAYS clinic days ending today. */
  days: readonly ClinicDay[];
  now: Date;
}

/** 555-0100 to 555-0199 are reserved for fiction in every US area code. */
function fictionalPhone(areaCode: string, line: number): string {
  if (line > 99) {
    throw new Error('Only 100 fictional 555-01xx numbers exist per area code');
  }
  return `+1${areaCode}55501${String(line).padStart(2, '0')}`;
}

/** example.com is reserved for documentation (RFC 2606): mail there reaches nobody. */
function fictionalEmail(firstName: string, lastName: string): string {
  const local = normaliseSearchText(`${firstName} ${lastName}`)
    .replace(/[^a-z ]/g, '')
    .replace(' ', '.');
  return `${local}@example.com`;
}

/** A birthday that makes the patient exactly `age` today. */
function birthdayFor(random: Random, today: ClinicDay, age: number): string {
  const [year, month, day] = today.date.split('-').map(Number) as [number, number, number];
  const lastBirthday = Date.UTC(year - age, month - 1, day);
  return new Date(lastBirthday - random.int(0, 364) * 86_400_000).toISOString().slice(0, 10);
}

function dayAt(days: readonly ClinicDay[], daysAgo: number): ClinicDay {
  const day = days[days.length - 1 - daysAgo];
  if (!day) {
    throw new Error(`No clinic day ${daysAgo} days ago in the planning range`);
  }
  return day;
}

const CALL_NOTES = [
  'Reviewed pain log and home exercise adherence. Patient reports less stiffness in the mornings.',
  'Check-in call: progressed exercises by one set; reminded to log pain each evening.',
  'Discussed flare-up after yard work; regressed program for three days, then resume.',
  'Patient doing well; walking further without rest. Added balance work.',
  'Went over exercise technique by phone; patient unsure about the bridge hold.',
];

/** One or two calls in the last five weeks (never today, so never ahead of `now`) for about half the patients in care. */
function planCalls(
  random: Random,
  spec: DemoPatientSpec,
  days: readonly ClinicDay[],
  lastDaysAgo: number,
): LoggedCall[] {
  if (spec.dischargedDaysAgo !== undefined || !random.chance(0.5)) {
    return [];
  }
  const earliest = Math.min(35, spec.onboardedDaysAgo - 1);
  const count = random.int(1, 2);
  return Array.from({ length: count }, () => {
    const daysAgo = random.int(Math.max(lastDaysAgo, 1), Math.max(earliest, lastDaysAgo, 1));
    const by: LoggedCall['by'] =
      spec.team === 'both' ? random.pick(['therapist', 'remote'] as const) : spec.team;
    return {
      date: dayAt(days, daysAgo).at(random.int(9, 16), random.int(0, 59)),
      durationSeconds: random.int(180, 1_500),
      notes: random.pick(CALL_NOTES),
      by,
    };
  });
}

/** The measurement a therapist would track for the diagnosis, with a weekly trend. */
function measureFor(
  code: DiagnosisCode,
  random: Random,
): { name: string; unit: string; start: number; weekly: number; bound: number } | null {
  const knee: DiagnosisCode[] = [
    'M1711',
    'M170',
    'M25561',
    'S83511D',
    'S83241D',
    'Z96651',
    'Z96652',
  ];
  const balance: DiagnosisCode[] = ['R2681', 'R262', 'Z9181', 'M810', 'M6281', 'I69351', 'G20A1'];
  const shoulder: DiagnosisCode[] = ['M7541', 'M7502', 'M75111', 'M25512', 'S43431D'];
  if (knee.includes(code)) {
    return {
      name: 'Knee flexion',
      unit: 'deg',
      start: random.int(85, 100),
      weekly: random.between(3, 6),
      bound: 135,
    };
  }
  if (balance.includes(code)) {
    return {
      name: 'Timed Up and Go',
      unit: 's',
      start: random.between(14, 20),
      weekly: -random.between(0.4, 0.8),
      bound: 9,
    };
  }
  if (shoulder.includes(code)) {
    return {
      name: 'Shoulder flexion',
      unit: 'deg',
      start: random.int(90, 120),
      weekly: random.between(4, 8),
      bound: 170,
    };
  }
  return null;
}

/** Weekly clinic measurements from onboarding to the last day in care. */
function planMeasures(
  random: Random,
  spec: DemoPatientSpec,
  days: readonly ClinicDay[],
  lastDaysAgo: number,
): Measure[] {
  const measure = measureFor(spec.code, random);
  if (!measure) {
    return [];
  }
  const entries: Measure['entries'] = [];
  for (
    let week = 0, daysAgo = spec.onboardedDaysAgo;
    daysAgo >= lastDaysAgo;
    week += 1, daysAgo -= 7
  ) {
    const trend =
      measure.start + measure.weekly * week + random.between(-2, 2) * Math.sign(measure.weekly);
    const value =
      measure.weekly > 0 ? Math.min(trend, measure.bound) : Math.max(trend, measure.bound);
    entries.push({ recordedOn: dayAt(days, daysAgo).date, value: Math.round(value * 10) / 10 });
  }
  return [{ name: measure.name, unit: measure.unit, entries }];
}

function planPatient(spec: DemoPatientSpec, position: number, input: ClinicPlanInput): PatientPlan {
  const { days, now } = input;
  const key = `${input.keyPrefix}-${String(position + 1).padStart(2, '0')}`;
  const random = seededRandom(`${key}:profile`);
  const today = dayAt(days, 0);
  // Data stops at discharge, or the day before the quiet spell (quietDays days, today included).
  const lastDaysAgo = spec.dischargedDaysAgo ?? spec.quietDays ?? 0;
  const todayIndex = today.index;
  const samples = generateHealthSamples(
    {
      key,
      age: spec.age,
      device: spec.device,
      extras: spec.extras ?? [],
      onboardedIndex: todayIndex - spec.onboardedDaysAgo,
      lastIndex: todayIndex - lastDaysAgo,
    },
    days.slice(-HEALTH_HISTORY_DAYS),
    now,
  );
  const lastSample = samples.reduce<Date | null>(
    (last, sample) => (last && last > sample.recordedAt ? last : sample.recordedAt),
    null,
  );
  const phone = fictionalPhone(
    input.areaCodes[position % input.areaCodes.length] ?? '212',
    input.firstLine + position,
  );
  const email = fictionalEmail(spec.firstName, spec.lastName);
  return {
    key,
    row: {
      firstName: spec.firstName,
      lastName: spec.lastName,
      gender: spec.gender,
      phone,
      email,
      birthday: birthdayFor(random, today, spec.age),
      diagnosis: DIAGNOSES[spec.code],
      selectedCode: spec.code,
      // Discharge ends RTM coverage (patients.service dischargePatients).
      isRtmCovered: spec.dischargedDaysAgo === undefined && (spec.rtmCovered ?? true),
      status: spec.dischargedDaysAgo === undefined ? 'active' : 'discharged',
      onboardedAt: dayAt(days, spec.onboardedDaysAgo).at(
        random.int(9, 16),
        random.pick([0, 15, 30, 45]),
      ),
      dischargedAt:
        spec.dischargedDaysAgo === undefined ? null : dayAt(days, spec.dischargedDaysAgo).at(17, 0),
      lastActivityAt: lastSample,
    },
    team: spec.team,
    samples,
    calls: planCalls(random, spec, days, lastDaysAgo),
    measures: planMeasures(random, spec, days, lastDaysAgo),
  };
}

/** Plans every patient of one clinic, in the order given. */
export function planPatients(
  specs: readonly DemoPatientSpec[],
  input: ClinicPlanInput,
): PatientPlan[] {
  return specs.map((spec, position) => planPatient(spec, position, input));
}
