/**
 * The program bench's clinic (issue 12): BENCH_HEP_PATIENTS patients (100,000 by default) with
 * the large clinic's diagnoses, each with a program of 8 exercises and its history (one `added`
 * event an item), and 10,000 clinic videos beside the catalogue. Built once per database and
 * size in set-based SQL, and reused.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { personNameColumns } from '../apps/server/src/platform/search-text';
import { loadExerciseCatalogue } from '../apps/server/src/seed/exercise-catalogue';
import { DIAGNOSES } from './large-clinic';

export const HEP_CLINIC_CODE = 'BENCHHEP';
export const HEP_EMAIL = 'bench.hep@bench.homestretch.test';
export const HEP_PASSWORD = 'Bench-pass-2026';
export const HEP_PATIENTS = Number(process.env.BENCH_HEP_PATIENTS ?? 100_000);
export const PROGRAM_ITEMS = 8;
/** Copies of the catalogue filed as the clinic's own: about 10,000 videos. */
const CATALOGUE_COPIES = 12;
const BATCH = 10_000;

type Rows<T> = { rows: T[] };

export interface HepClinic {
  clinicId: number;
  therapistId: number;
  firstPatientId: number;
  lastPatientId: number;
}

async function findHepClinic(db: Db): Promise<HepClinic | null> {
  const found = (await db.execute(sql`
    select c.id as clinic_id, u.id as user_id, min(p.id) as first_id, max(p.id) as last_id,
      count(p.id) as patients,
      (select count(*) from hep_items h where h.clinic_id = c.id) as items
    from clinics c
    join users u on u.clinic_id = c.id and u.email = ${HEP_EMAIL}
    join patients p on p.clinic_id = c.id
    where c.code = ${HEP_CLINIC_CODE}
    group by c.id, u.id`)) as Rows<{
    clinic_id: number;
    user_id: number;
    first_id: number;
    last_id: number;
    patients: string;
    items: string;
  }>;
  const row = found.rows[0];
  if (
    !row ||
    Number(row.patients) !== HEP_PATIENTS ||
    Number(row.items) !== HEP_PATIENTS * PROGRAM_ITEMS
  ) {
    return null;
  }
  return {
    clinicId: row.clinic_id,
    therapistId: row.user_id,
    firstPatientId: row.first_id,
    lastPatientId: row.last_id,
  };
}

export async function ensureHepClinic(db: Db, log: (message: string) => void): Promise<HepClinic> {
  await loadExerciseCatalogue(db);
  const existing = await findHepClinic(db);
  if (existing) {
    log(`Program clinic ${HEP_CLINIC_CODE} already present; reusing it.`);
    return existing;
  }
  const started = Date.now();
  await db.execute(sql`delete from clinics where code = ${HEP_CLINIC_CODE}`);
  await db.execute(sql`delete from users where email = ${HEP_EMAIL}`);
  const clinic = (await db.execute(sql`
    insert into clinics (code, name) values (${HEP_CLINIC_CODE}, 'Program Bench PT')
    returning id`)) as Rows<{ id: number }>;
  const clinicId = clinic.rows[0]!.id;
  const names = personNameColumns('Bench', 'Programs');
  const user = (await db.execute(sql`
    insert into users (clinic_id, email, password_hash, first_name, last_name, search_name,
      sort_name, role)
    values (${clinicId}, ${HEP_EMAIL}, ${await hashPassword(HEP_PASSWORD)}, 'Bench', 'Programs',
      ${names.searchName}, ${names.sortName}, 'therapist')
    returning id`)) as Rows<{ id: number }>;
  const therapistId = user.rows[0]!.id;

  log(`Writing ${(CATALOGUE_COPIES * 873).toLocaleString('en-US')} clinic videos…`);
  await db.execute(sql`
    insert into videos (clinic_id, owner_user_id, title, description, body_parts, purpose,
      position, equipment, reps, sets, level, status, storage_key, search_vector, created_at)
    select ${clinicId}::int, ${therapistId}::int, v.title || ' (' || copy || ')', v.description,
      v.body_parts, v.purpose, v.position, v.equipment, v.reps, v.sets, v.level, 'ready',
      'bench/' || v.id || '-' || copy || '.mp4', v.search_vector,
      now() - make_interval(days => (v.id * 7 + copy * 31) % 730)
    from videos v, generate_series(1, ${CATALOGUE_COPIES}) copy
    where v.clinic_id is null`);

  const diagnoses = sql.join(
    DIAGNOSES.map(([code, words], index) => sql`(${index}::int, ${code}::text, ${words}::text)`),
    sql`, `,
  );
  log(
    `Writing ${HEP_PATIENTS.toLocaleString('en-US')} patients with programs of ${PROGRAM_ITEMS} and their history…`,
  );
  for (let from = 1; from <= HEP_PATIENTS; from += BATCH) {
    const to = Math.min(from + BATCH - 1, HEP_PATIENTS);
    await db.execute(sql`
      insert into patients (clinic_id, first_name, last_name, search_name, sort_name, diagnosis,
        selected_code, status, onboarded_at)
      select ${clinicId}::int, 'Bench', 'Patient ' || g, 'bench patient ' || g,
        'patient ' || g || ' bench', d.words, d.code, 'active',
        now() - make_interval(days => g % 120)
      from generate_series(${from}::int, ${to}::int) g
      join (values ${diagnoses}) d(i, code, words) on d.i = g % ${DIAGNOSES.length}`);
  }
  // Each program: 8 distinct exercises picked for PT (a step of 17 through 154 never repeats
  // within 8), sets and reps that vary, in order.
  await db.execute(sql`
    insert into hep_items (clinic_id, patient_id, video_id, sets, reps, "order", description,
      created_by, updated_by, created_at, updated_at)
    select p.clinic_id, p.id,
      picked.ids[1 + ((p.id * 31 + g * 17) % cardinality(picked.ids))],
      1 + (p.id + g) % 3, 8 + (p.id * g) % 8, g, '', ${therapistId}::int, ${therapistId}::int,
      p.onboarded_at, p.onboarded_at
    from patients p
    cross join (select array_agg(id order by id) as ids from videos
      where clinic_id is null and cardinality(frame_keys) > 0) picked
    cross join generate_series(1, ${PROGRAM_ITEMS}) g
    where p.clinic_id = ${clinicId}`);
  await db.execute(sql`
    insert into hep_item_events (clinic_id, patient_id, hep_item_id, actor_user_id, kind, after,
      created_at)
    select clinic_id, patient_id, id, created_by, 'added',
      jsonb_build_object('sets', sets, 'reps', reps, 'order', "order", 'description', description),
      created_at
    from hep_items where clinic_id = ${clinicId}`);
  const built = await findHepClinic(db);
  if (!built) {
    throw new Error('The program clinic was not built');
  }
  log(`Program clinic built in ${Math.round((Date.now() - started) / 1000)} s`);
  return built;
}
