/**
 * The monitoring bench's people (issue 13): 500 therapists of the 100,000-patient clinic, each
 * treating the patients whose id falls to them (about 200, 120 of them RTM-covered and active),
 * with this month's monitoring so far (one to three sittings a patient), every patient onboarded
 * so the 30-day data intervals exist. Made once; a later run reuses it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/platform/sessions';
import type { BenchClinic } from './large-clinic';

export const THERAPISTS = 500;

type Rows<T> = { rows: T[] };

export interface MonitoringStaff {
  therapists: { id: number; cookie: string; patients: number[] }[];
}

export async function ensureMonitoringStaff(
  db: Db,
  clinic: BenchClinic,
  log: (message: string) => void,
): Promise<MonitoringStaff> {
  const present = (await db.execute(sql`
    select count(*)::int as n from users
    where clinic_id = ${clinic.clinicId} and email like 'bench.monitor.%'`)) as Rows<{ n: number }>;
  if (present.rows[0]!.n !== THERAPISTS) {
    log(`Writing ${THERAPISTS} therapists, their patients and this month's monitoring…`);
    await db.execute(
      sql`delete from users where clinic_id = ${clinic.clinicId} and email like 'bench.monitor.%'`,
    );
    await db.execute(sql`
      insert into users (clinic_id, email, password_hash, first_name, last_name, search_name,
        sort_name, role)
      select ${clinic.clinicId}::int, 'bench.monitor.' || i || '@bench.homestretch.test', 'unusable',
             'Monitor', 'Therapist ' || i, 'monitor therapist ' || i, 'therapist ' || i || ' monitor',
             'therapist'
      from generate_series(0, ${THERAPISTS - 1}) i`);
    await db.execute(sql`
      update patients set onboarded_at = now() - make_interval(days => 3 + id % 120)
      where clinic_id = ${clinic.clinicId} and onboarded_at is null`);
    await db.execute(sql`
      insert into patient_therapists (clinic_id, patient_id, user_id)
      select ${clinic.clinicId}::int, p.id, u.id
      from patients p
      join users u on u.clinic_id = p.clinic_id
        and u.email = 'bench.monitor.' || (p.id % ${THERAPISTS}) || '@bench.homestretch.test'
      where p.clinic_id = ${clinic.clinicId}
      on conflict do nothing`);
    // Sittings of 4–9 minutes on days this month before today, one after another per therapist.
    await db.execute(sql`
      with sittings as (
        select p.id as patient_id, pt.user_id, k,
               date_trunc('month', now()) + make_interval(days => (p.id + k * 7) % greatest(1, extract(day from now())::int - 1),
                 hours => 9, mins => (p.id / ${THERAPISTS}) % 400) as started_at,
               240 + (p.id * 31 + k * 17) % 300 as seconds
        from patients p
        join patient_therapists pt on pt.patient_id = p.id
        join users u on u.id = pt.user_id and u.email like 'bench.monitor.%'
        cross join generate_series(1, 3) k
        where p.clinic_id = ${clinic.clinicId} and p.is_rtm_covered and p.status = 'active'
          and k <= 1 + p.id % 3
      ), inserted as (
        insert into monitoring_sessions (clinic_id, user_id, patient_id, started_at, last_saved_at,
          ended_at, seconds, context)
        select ${clinic.clinicId}::int, user_id, patient_id, started_at,
               started_at + make_interval(secs => seconds), started_at + make_interval(secs => seconds),
               seconds, 'patient_dashboard'
        from sittings where started_at + make_interval(secs => seconds) < now()
        returning id, user_id, patient_id, started_at, seconds
      )
      insert into monitoring_days (session_id, clinic_id, patient_id, user_id, day, seconds)
      select id, ${clinic.clinicId}::int, patient_id, user_id,
             (started_at at time zone 'America/New_York')::date, seconds
      from inserted`);
    await db.execute(sql`analyze`);
  }
  const users = (await db.execute(sql`
    select u.id, array_agg(pt.patient_id order by pt.patient_id) as patients
    from users u join patient_therapists pt on pt.user_id = u.id
    join patients p on p.id = pt.patient_id and p.is_rtm_covered and p.status = 'active'
    where u.clinic_id = ${clinic.clinicId} and u.email like 'bench.monitor.%'
    group by u.id order by u.id`)) as Rows<{ id: number; patients: number[] }>;
  const now = new Date();
  const therapists = [];
  for (const user of users.rows) {
    const { token } = await createSession(db, {
      userId: user.id,
      kind: 'web',
      now,
      lifetimeMs: 4 * 3_600_000,
    });
    therapists.push({ id: user.id, cookie: `hs_session=${token}`, patients: user.patients });
  }
  return { therapists };
}
