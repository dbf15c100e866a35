/**
 * Programs for the large clinic (issue 12): every one of its 100,000 patients gets a program of
 * 8 exercises from the catalogue's photographed ones, added at onboarding, two of them changed a
 * week later, so each program has its history (about 1 million events). Set-based SQL, once:
 * a clinic that has its programs is left as it is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { loadExerciseCatalogue } from '../apps/server/src/features/library/library.api';
import type { BenchClinic } from './large-clinic';

export const ITEMS_PER_PROGRAM = 8;

type Rows<T> = { rows: T[] };

export async function ensurePrograms(
  db: Db,
  clinic: BenchClinic,
  log: (message: string) => void,
): Promise<void> {
  const have = (await db.execute(sql`
    select count(*) as n from hep_items where clinic_id = ${clinic.clinicId}`)) as Rows<{
    n: string;
  }>;
  const patients = clinic.lastPatientId - clinic.firstPatientId + 1;
  if (Number(have.rows[0]?.n ?? 0) >= patients * ITEMS_PER_PROGRAM) {
    log('Programs already present; reusing them.');
    return;
  }
  await loadExerciseCatalogue(db);
  await db.execute(sql`delete from hep_items where clinic_id = ${clinic.clinicId}`);
  log(`Writing ${(patients * ITEMS_PER_PROGRAM).toLocaleString('en-US')} program items…`);
  // The n-th physical-therapy catalogue exercise, counted on from the patient's own offset, so
  // each program holds 8 different videos and programs differ between patients.
  await db.execute(sql`
    with picked as (
      select id, row_number() over (order by id) - 1 as n, count(*) over () as total
      from videos where clinic_id is null and collection = 'physical-therapy')
    insert into hep_items (clinic_id, patient_id, video_id, sets, reps, "order", description,
      created_by, created_at, updated_at)
    select p.clinic_id, p.id, v.id, 2 + (k % 2), 10, k + 1,
      case when k = 0 then 'Keep your back flat.' else '' end,
      (select id from users where clinic_id = p.clinic_id limit 1),
      coalesce(p.onboarded_at, p.created_at), coalesce(p.onboarded_at, p.created_at)
    from patients p
    cross join generate_series(0, ${ITEMS_PER_PROGRAM - 1}) as k
    join picked v on v.n = (p.id * 7 + k) % v.total
    where p.clinic_id = ${clinic.clinicId}`);
  log('Writing their history…');
  await db.execute(sql`
    insert into hep_item_events (clinic_id, patient_id, hep_item_id, actor_user_id, kind, before,
      after, created_at)
    select clinic_id, patient_id, id, created_by, 'added', null,
      jsonb_build_object('sets', sets, 'reps', case when "order" <= 2 then 8 else reps end,
        'order', "order", 'description', description),
      created_at
    from hep_items where clinic_id = ${clinic.clinicId}`);
  await db.execute(sql`
    insert into hep_item_events (clinic_id, patient_id, hep_item_id, actor_user_id, kind, before,
      after, created_at)
    select clinic_id, patient_id, id, created_by, 'changed',
      jsonb_build_object('sets', sets, 'reps', 8, 'order', "order", 'description', description),
      jsonb_build_object('sets', sets, 'reps', reps, 'order', "order", 'description', description),
      created_at + interval '7 days'
    from hep_items where clinic_id = ${clinic.clinicId} and "order" <= 2`);
  await db.execute(sql`vacuum (analyze) hep_items`);
  await db.execute(sql`vacuum (analyze) hep_item_events`);
}

/** Some (patient, item) pairs of the clinic, for the saves. */
export async function sampleItems(
  db: Db,
  clinic: BenchClinic,
  count: number,
): Promise<{ patientId: number; hepId: number }[]> {
  const rows = (await db.execute(sql`
    select patient_id, id from hep_items
    where clinic_id = ${clinic.clinicId} and deleted_at is null
    order by random() limit ${count}`)) as Rows<{ patient_id: number; id: number }>;
  return rows.rows.map((row) => ({ patientId: row.patient_id, hepId: row.id }));
}
