/**
 * The chat bench's people (issue 14): a clinic of 500 therapists and 4,500 patients with the
 * patient app (their own accounts), each therapist treating 9 of them, so 5,000 people are online
 * at once, and each patient's conversation with the clinic. The clinic has an administrator, who
 * sees every patient conversation (so each message is also told to their room) but is not among
 * those online. Made once, set-based; a later run reuses it. Each run signs everyone in afresh.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/platform/sessions';
import { personNameColumns } from '../apps/server/src/platform/search-text';

export const CHAT_CLINIC_CODE = 'CHATBENCH';
export const CHAT_THERAPISTS = 500;
export const CHAT_PATIENTS = 4_500;

type Rows<T> = { rows: T[] };

/** A patient's conversation: the patient (their account and record) and their therapist. */
export interface ChatPair {
  patientId: number;
  patientUserId: number;
  therapistUserId: number;
  sessionId: number;
}

export interface ChatClinic {
  clinicId: number;
  pairs: ChatPair[];
}

async function findClinic(db: Db): Promise<ChatClinic | null> {
  const found = (await db.execute(sql`
    select c.id as clinic_id, p.id as patient_id, p.user_id as patient_user_id,
           pt.user_id as therapist_user_id, s.id as session_id
    from clinics c
    join patients p on p.clinic_id = c.id
    join patient_therapists pt on pt.patient_id = p.id
    join chat_sessions s on s.clinic_id = c.id and s.kind = 'patient' and s.patient_id = p.id
    where c.code = ${CHAT_CLINIC_CODE}
    order by p.id`)) as Rows<{
    clinic_id: number;
    patient_id: number;
    patient_user_id: number;
    therapist_user_id: number;
    session_id: number;
  }>;
  if (found.rows.length !== CHAT_PATIENTS) {
    return null;
  }
  return {
    clinicId: found.rows[0]!.clinic_id,
    pairs: found.rows.map((row) => ({
      patientId: row.patient_id,
      patientUserId: row.patient_user_id,
      therapistUserId: row.therapist_user_id,
      sessionId: row.session_id,
    })),
  };
}

export async function ensureChatClinic(
  db: Db,
  log: (message: string) => void,
): Promise<ChatClinic> {
  const existing = await findClinic(db);
  if (existing) {
    log(`Chat clinic ${CHAT_CLINIC_CODE} already present; reusing it.`);
    return existing;
  }
  log(`Writing the chat clinic: ${CHAT_THERAPISTS} therapists, ${CHAT_PATIENTS} patients…`);
  await db.execute(sql`delete from users where email like '%@chatbench.homestretch.test'`);
  await db.execute(sql`delete from clinics where code = ${CHAT_CLINIC_CODE}`);
  const clinic = (await db.execute(sql`
    insert into clinics (code, name) values (${CHAT_CLINIC_CODE}, 'Chat Benchmark Physical Therapy')
    returning id`)) as Rows<{ id: number }>;
  const clinicId = clinic.rows[0]!.id;
  const therapist = personNameColumns('Chat', 'Therapist');
  const patient = personNameColumns('Chat', 'Patient');
  const admin = personNameColumns('Chat', 'Admin');
  await db.execute(sql`
    insert into users (clinic_id, email, password_hash, first_name, last_name, search_name,
      sort_name, role)
    values (${clinicId}, 'admin@chatbench.homestretch.test', 'unusable', 'Chat', 'Admin',
      ${admin.searchName}, ${admin.sortName}, 'admin')`);
  await db.execute(sql`
    insert into users (clinic_id, email, password_hash, first_name, last_name, search_name,
      sort_name, role)
    select ${clinicId}::int, 'therapist.' || i || '@chatbench.homestretch.test', 'unusable', 'Chat',
           'Therapist ' || i, ${therapist.searchName} || ' ' || i, ${therapist.sortName} || ' ' || i,
           'therapist'
    from generate_series(0, ${CHAT_THERAPISTS - 1}) i
    union all
    select ${clinicId}::int, 'patient.' || i || '@chatbench.homestretch.test', 'unusable', 'Chat',
           'Patient ' || i, ${patient.searchName} || ' ' || i, ${patient.sortName} || ' ' || i,
           'patient'
    from generate_series(0, ${CHAT_PATIENTS - 1}) i`);
  await db.execute(sql`
    insert into patients (clinic_id, user_id, first_name, last_name, search_name, sort_name,
      onboarded_at)
    select ${clinicId}::int, u.id, u.first_name, u.last_name, u.search_name, u.sort_name, now()
    from users u
    where u.clinic_id = ${clinicId} and u.role = 'patient'`);
  // Patient i is treated by therapist i % 500: nine patients each.
  await db.execute(sql`
    insert into patient_therapists (clinic_id, patient_id, user_id)
    select ${clinicId}::int, p.id, t.id
    from patients p
    join users pu on pu.id = p.user_id
    join users t on t.clinic_id = p.clinic_id
      and t.email = 'therapist.' || (split_part(split_part(pu.email, '@', 1), '.', 2)::int % ${CHAT_THERAPISTS}) || '@chatbench.homestretch.test'
    where p.clinic_id = ${clinicId}`);
  await db.execute(sql`
    insert into chat_sessions (clinic_id, kind, patient_id)
    select ${clinicId}::int, 'patient', id from patients where clinic_id = ${clinicId}`);
  await db.execute(sql`analyze`);
  const made = await findClinic(db);
  if (!made) {
    throw new Error('The chat clinic was not written whole');
  }
  return made;
}

/** Signs the clinic's therapists and patients in (a web session each): cookies by user id. */
export async function signInEveryone(db: Db, clinicId: number): Promise<Map<number, string>> {
  await db.execute(sql`
    delete from sessions where user_id in (select id from users where clinic_id = ${clinicId})`);
  const users = (await db.execute(sql`
    select id from users where clinic_id = ${clinicId} and role in ('therapist', 'patient')
    order by id`)) as Rows<{ id: number }>;
  const cookies = new Map<number, string>();
  const now = new Date();
  const PARALLEL = 10;
  for (let start = 0; start < users.rows.length; start += PARALLEL) {
    await Promise.all(
      users.rows.slice(start, start + PARALLEL).map(async ({ id }) => {
        const { token } = await createSession(db, {
          userId: id,
          kind: 'web',
          now,
          lifetimeMs: 4 * 3_600_000,
        });
        cookies.set(id, `hs_session=${token}`);
      }),
    );
  }
  return cookies;
}
