/**
 * A clinic the size the patients issue asks us to stay fast at: 100,000 patients and 20 million
 * health samples with their daily roll-ups, written straight into PostgreSQL with set-based SQL
 * (the HTTP ingest path would take hours for this volume and is measured by its own tests).
 * Idempotent: a database that already holds the clinic is left as it is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { patientSearchColumns } from '../apps/server/src/features/patients/patients.api';
import { personNameColumns } from '../apps/server/src/platform/search-text';

export const BENCH_CLINIC_CODE = 'BENCH100K';
export const BENCH_EMAIL = 'bench.therapist@bench.homestretch.test';
export const BENCH_PASSWORD = 'Bench-pass-2026';
export const PATIENTS = 100_000;
export const DAYS = 90;
/** Per patient and day: one steps total, one pain report every third day, heart-rate readings. */
const HEART_RATE_PER_DAY = 2;
const HEART_RATE_DAYS = 40;

const FIRST_NAMES = (
  `Olivia Liam Emma Noah Ava Elijah Sophia James Isabella William Mia Benjamin Charlotte ` +
  `Lucas Amelia Henry Harper Theodore Evelyn Jack Abigail Levi Emily Alexander Ella Jackson ` +
  `Elizabeth Mateo Camila Daniel Luna Michael Sofía Mason Avery Sebastián Mila Ethan Aria ` +
  `Logan Scarlett Owen Penelope Samuel Layla Jacob Chloe Asher Victoria Aiden Madison John ` +
  `Eleanor Joseph Grace Wyatt Nora David Riley Leo Zoey Luke Hannah Julian Hazel Hudson ` +
  `Lily Grayson Ellie Matthew Violet Ezra Lillian Gabriel Zoë José Renée Björn Siobhan ` +
  `Nguyen`
).split(' ');
const LAST_NAMES = (
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez ` +
  `Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson ` +
  `White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ` +
  `Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter ` +
  `Roberts Gómez Phillips Evans Turner Díaz Parker Cruz Edwards Collins Reyes Stewart ` +
  `Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed ` +
  `Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray ` +
  `Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jiménez ` +
  `O'Brien Smith-Jones Núñez Kowalczyk Müller`
).split(' ');
const DIAGNOSES: readonly [string, string][] = [
  ['M5450', 'Low back pain, unspecified'],
  ['M542', 'Cervicalgia'],
  ['M7541', 'Impingement syndrome of right shoulder'],
  ['M1711', 'Unilateral primary osteoarthritis, right knee'],
  ['S83511D', 'Sprain of anterior cruciate ligament of right knee, subsequent encounter'],
  ['M7661', 'Achilles tendinitis, right leg'],
  ['M25561', 'Pain in right knee'],
  ['M5416', 'Radiculopathy, lumbar region'],
];

export interface BenchClinic {
  clinicId: number;
  firstPatientId: number;
  lastPatientId: number;
}

type Rows<T> = { rows: T[] };

async function findClinic(db: Db): Promise<BenchClinic | null> {
  const found = (await db.execute(sql`
    select c.id as clinic_id, min(p.id) as first_id, max(p.id) as last_id, count(p.id) as patients
    from clinics c join patients p on p.clinic_id = c.id
    where c.code = ${BENCH_CLINIC_CODE} group by c.id`)) as Rows<{
    clinic_id: number;
    first_id: number;
    last_id: number;
    patients: string;
  }>;
  const row = found.rows[0];
  if (!row || Number(row.patients) < PATIENTS) {
    return null;
  }
  const samples = (await db.execute(sql`
    select count(*) as n from health_daily where clinic_id = ${row.clinic_id}`)) as Rows<{
    n: string;
  }>;
  if (Number(samples.rows[0]?.n ?? 0) === 0) {
    return null;
  }
  return { clinicId: row.clinic_id, firstPatientId: row.first_id, lastPatientId: row.last_id };
}

/** Deterministic pseudo-random sequence, so two runs build the same clinic. */
export function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What clinicians type: name prefixes, full names, last-first, phone digits, a diagnosis word. */
export const BENCH_SEARCHES = [
  'ol',
  'smi',
  'emma',
  'garcia',
  'noah sm',
  'johnson liam',
  'jose nunez',
  'sofia',
  'obrien',
  'mul',
  '5550012',
  'knee',
  'M54',
  'kowal',
  'harper w',
];

export async function ensureLargeClinic(
  db: Db,
  log: (message: string) => void,
): Promise<BenchClinic> {
  const existing = await findClinic(db);
  if (existing) {
    log(`Large clinic ${BENCH_CLINIC_CODE} already present; reusing it.`);
    return existing;
  }
  await db.execute(sql`delete from clinics where code = ${BENCH_CLINIC_CODE}`);
  await db.execute(sql`delete from users where email = ${BENCH_EMAIL}`);
  const clinic = (await db.execute(sql`
    insert into clinics (code, name) values (${BENCH_CLINIC_CODE}, 'Benchmark Physical Therapy')
    returning id`)) as Rows<{ id: number }>;
  const clinicId = clinic.rows[0]!.id;
  const hash = await hashPassword(BENCH_PASSWORD);
  const names = personNameColumns('Bench', 'Therapist');
  const user = (await db.execute(sql`
    insert into users (clinic_id, email, password_hash, first_name, last_name, search_name,
      sort_name, role)
    values (${clinicId}, ${BENCH_EMAIL}, ${hash}, 'Bench', 'Therapist', ${names.searchName},
      ${names.sortName}, 'therapist')
    returning id`)) as Rows<{ id: number }>;
  const therapistId = user.rows[0]!.id;

  log(`Writing ${PATIENTS.toLocaleString('en-US')} patients…`);
  const random = mulberry32(2026);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const BATCH = 2_000;
  for (let start = 0; start < PATIENTS; start += BATCH) {
    const values = [];
    for (let i = start; i < Math.min(start + BATCH, PATIENTS); i += 1) {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const [code, words] = pick(DIAGNOSES);
      const phone = `+1555${String(1_000_000 + i).slice(1)}`;
      const email = `${personNameColumns(first, last).searchName.replace(/[^a-z]+/g, '.')}.${i}@example.test`;
      const { searchName, sortName, searchVector } = patientSearchColumns({
        clinicId,
        firstName: first,
        lastName: last,
        phone,
        email,
        diagnosis: words,
        selectedCode: code,
      });
      values.push(
        sql`(${clinicId}, ${first}, ${last}, ${searchName}, ${sortName}, ${searchVector}::tsvector, ${phone}, ${email}, ${words}, ${code}, ${random() < 0.6}, ${i % 10 === 0 ? 'discharged' : 'active'}, now() - make_interval(hours => ${i % 2000}))`,
      );
    }
    await db.execute(sql`
      insert into patients (clinic_id, first_name, last_name, search_name, sort_name, search_vector,
        phone, email, diagnosis, selected_code, is_rtm_covered, status, last_activity_at)
      values ${sql.join(values, sql`, `)}`);
  }
  const bounds = (await db.execute(sql`
    select min(id) as first_id, max(id) as last_id from patients where clinic_id = ${clinicId}`)) as Rows<{
    first_id: number;
    last_id: number;
  }>;
  const { first_id: firstPatientId, last_id: lastPatientId } = bounds.rows[0]!;
  // The bench therapist cares for one patient in ten, so "my patients" is a real filter.
  await db.execute(sql`
    insert into patient_therapists (clinic_id, patient_id, user_id)
    select ${clinicId}::int, id, ${therapistId}::int from patients where clinic_id = ${clinicId} and id % 10 = 0`);

  const perPatient = DAYS + DAYS / 3 + HEART_RATE_DAYS * HEART_RATE_PER_DAY;
  log(
    `Writing ${(PATIENTS * perPatient).toLocaleString('en-US')} health samples (${perPatient} a patient)…`,
  );
  const SAMPLE_BATCH = 5_000;
  for (let from = firstPatientId; from <= lastPatientId; from += SAMPLE_BATCH) {
    const to = Math.min(from + SAMPLE_BATCH - 1, lastPatientId);
    await db.execute(sql`
      insert into health_samples (clinic_id, patient_id, sample_id, metric, recorded_at, value, unit, source)
      select ${clinicId}::int, p.id, 'steps-' || d, 'steps',
             date_trunc('day', now()) - make_interval(days => d) + interval '20 hours',
             2000 + ((p.id * 7919 + d * 104729) % 9000), 'count', 'bench'
      from generate_series(${from}::int, ${to}::int) p(id), generate_series(0, ${DAYS - 1}) d
      union all
      select ${clinicId}::int, p.id, 'pain-' || d, 'pain',
             date_trunc('day', now()) - make_interval(days => d) + interval '9 hours',
             (p.id + d) % 11, 'level', 'bench'
      from generate_series(${from}::int, ${to}::int) p(id), generate_series(0, ${DAYS - 1}, 3) d
      union all
      select ${clinicId}::int, p.id, 'hr-' || d || '-' || k, 'heart_rate',
             date_trunc('day', now()) - make_interval(days => d) + make_interval(hours => 8 + k * 6),
             58 + ((p.id * 31 + d * 17 + k * 13) % 40), 'bpm', 'bench'
      from generate_series(${from}::int, ${to}::int) p(id), generate_series(0, ${HEART_RATE_DAYS - 1}) d,
           generate_series(0, ${HEART_RATE_PER_DAY - 1}) k`);
    const done = to - firstPatientId + 1;
    if (done % 20_000 < SAMPLE_BATCH) {
      log(`  samples for ${done.toLocaleString('en-US')} patients`);
    }
  }

  log('Rolling samples up by day…');
  await db.execute(sql`
    insert into health_daily (clinic_id, patient_id, metric, day, count, sum, min, max, last_value, last_recorded_at)
    select clinic_id, patient_id, metric, (recorded_at at time zone 'America/New_York')::date,
           count(*), sum(value), min(value), max(value),
           (array_agg(value order by recorded_at desc))[1], max(recorded_at)
    from health_samples where clinic_id = ${clinicId}
    group by clinic_id, patient_id, metric, (recorded_at at time zone 'America/New_York')::date`);
  // Vacuum too: index-only scans (the roster's count) need the visibility map set.
  await db.execute(sql`vacuum analyze`);
  return { clinicId, firstPatientId, lastPatientId };
}
