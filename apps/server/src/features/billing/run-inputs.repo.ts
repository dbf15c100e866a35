/**
 * What a billing run reads (domain/rtm.md): the clinic's covered patients a batch at a time, and
 * each batch's data days, monitoring time, interactive communications and treating therapists.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ClinicScope } from '../../platform/context';
import { intArray } from '../../platform/sql-arrays';
import { type RowMapper, col, queryRows } from '../../platform/sql-rows';

export interface BilledPatient {
  id: number;
  firstName: string;
  lastName: string;
  rtmCovered: boolean;
  onboardedOn: string | null;
  dischargedOn: string | null;
  /** Episodes of care that ended before a re-onboarding (patient_episodes), as clinic dates. */
  earlierEpisodes: { onboardedOn: string; dischargedOn: string }[];
}

/** A patient's episodes of care, the earlier ones first, as the RTM case reads them. */
export function episodesOf(patient: BilledPatient): { start: string; end: string | null }[] {
  return [
    ...patient.earlierEpisodes.map((episode) => ({
      start: episode.onboardedOn,
      end: episode.dischargedOn,
    })),
    ...(patient.onboardedOn === null
      ? []
      : [{ start: patient.onboardedOn, end: patient.dischargedOn }]),
  ];
}

interface PatientWindow {
  timeZone: string;
  /** The month's first and last instants, and the days whose data can reach its intervals. */
  from: Date;
  to: Date;
}

/**
 * The next `limit` patients after `afterId` whose care overlaps the month: RTM-covered, onboarded
 * before it ended and not discharged before it began. Keyset order, so a clinic of any size is
 * read a batch at a time.
 */
export async function coveredPatientsAfter(
  db: Db,
  scope: ClinicScope,
  window: PatientWindow,
  afterId: number,
  limit: number,
): Promise<BilledPatient[]> {
  return selectBilledPatients(
    db,
    sql`p.clinic_id = ${scope.clinicId} and p.id > ${afterId} and p.is_rtm_covered
        and p.status <> 'removed'
        and ((p.onboarded_at is not null and p.onboarded_at < ${window.to.toISOString()}::timestamptz
          and (p.discharged_at is null or p.discharged_at >= ${window.from.toISOString()}::timestamptz))
        or exists (select 1 from patient_episodes e where e.patient_id = p.id
          and e.onboarded_at < ${window.to.toISOString()}::timestamptz
          and e.discharged_at >= ${window.from.toISOString()}::timestamptz))`,
    window.timeZone,
    limit,
  );
}

/** One patient of the clinic (not removed), covered or not: the explanation says which. */
export async function billedPatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  timeZone: string,
): Promise<BilledPatient | null> {
  const [row] = await selectBilledPatients(
    db,
    sql`p.clinic_id = ${scope.clinicId} and p.id = ${patientId} and p.status <> 'removed'`,
    timeZone,
    1,
  );
  return row ?? null;
}

async function selectBilledPatients(
  db: Db,
  where: SQL,
  timeZone: string,
  limit: number,
): Promise<BilledPatient[]> {
  return queryRows(
    db,
    sql`
    select p.id, p.first_name, p.last_name, p.is_rtm_covered,
           to_char((p.onboarded_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as onboarded_on,
           to_char((p.discharged_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as discharged_on,
           coalesce((select json_agg(json_build_object(
               'onboardedOn', to_char((e.onboarded_at at time zone ${timeZone})::date, 'YYYY-MM-DD'),
               'dischargedOn', to_char((e.discharged_at at time zone ${timeZone})::date, 'YYYY-MM-DD'))
             order by e.onboarded_at)
             from patient_episodes e where e.patient_id = p.id), '[]'::json) as earlier_episodes
    from patients p
    where ${where}
    order by p.id
    limit ${limit}
  `,
    (row) => ({
      id: col.number(row, 'id'),
      firstName: col.string(row, 'first_name'),
      lastName: col.string(row, 'last_name'),
      rtmCovered: col.boolean(row, 'is_rtm_covered'),
      onboardedOn: col.stringOrNull(row, 'onboarded_on'),
      dischargedOn: col.stringOrNull(row, 'discharged_on'),
      // Built by json_build_object above, with these two keys.
      earlierEpisodes: col.json<BilledPatient['earlierEpisodes']>(row, 'earlier_episodes'),
    }),
  );
}

/**
 * Days with data (health data, or an exercise done) of the patients: every such day from `from`
 * to `to`, and the first two of each patient's episode, which fix its 30-day intervals and the
 * day its set-up code is earned (domain/rtm.md: what counts as data).
 */
export async function dataDays(
  db: Db,
  scope: ClinicScope,
  patientsOf: readonly BilledPatient[],
  days: { from: string; to: string },
): Promise<Map<number, string[]>> {
  const episodes = patientsOf.flatMap((patient) =>
    episodesOf(patient).map((episode) => ({ id: patient.id, start: episode.start })),
  );
  const byPatient = new Map<number, string[]>();
  if (episodes.length === 0) {
    return byPatient;
  }
  const ids = intArray([...new Set(episodes.map((episode) => episode.id))]);
  const episodeIds = intArray(episodes.map((episode) => episode.id));
  const starts = sql`${`{${episodes.map((episode) => episode.start).join(',')}}`}::date[]`;
  const rows = await queryRows(
    db,
    sql`
    with chosen as (select unnest(${episodeIds}) as id, unnest(${starts}) as onboarded_on)
    select patient_id, to_char(day, 'YYYY-MM-DD') as day from (
      select h.patient_id, h.day from health_daily h
       where h.patient_id = any(${ids}) and h.clinic_id = ${scope.clinicId}
         and h.day between ${days.from}::date and ${days.to}::date
      union
      select hc.patient_id, hc.completed_on from hep_completions hc
       where hc.patient_id = any(${ids}) and hc.clinic_id = ${scope.clinicId} and hc.sets_done > 0
         and hc.completed_on between ${days.from}::date and ${days.to}::date
      union
      select c.id, first_days.day from chosen c cross join lateral (
        select day from (
          (select h.day from health_daily h
            where h.patient_id = c.id and h.day >= c.onboarded_on order by h.day limit 2)
          union
          (select hc.completed_on from hep_completions hc
            where hc.patient_id = c.id and hc.sets_done > 0 and hc.completed_on >= c.onboarded_on
            order by hc.completed_on limit 2)
        ) both_sources order by day limit 2
      ) first_days
    ) d
  `,
    (row) => ({ patientId: col.number(row, 'patient_id'), day: col.string(row, 'day') }),
  );
  for (const row of rows) {
    const days = byPatient.get(row.patientId);
    if (days) {
      days.push(row.day);
    } else {
      byPatient.set(row.patientId, [row.day]);
    }
  }
  return byPatient;
}

export interface MonitoredRow {
  patientId: number;
  userId: number;
  name: string;
  npi: string | null;
  assistant: 'PTA' | 'OTA' | null;
  day: string;
  seconds: number;
  sessionStartedAt: Date;
}

/** The rows `query` reads for the patients (their ids as one `int[]`); none for no patient. */
async function ofPatients<T>(
  db: Db,
  patientIds: readonly number[],
  query: (ids: SQL) => SQL,
  map: RowMapper<T>,
): Promise<T[]> {
  return patientIds.length === 0 ? [] : queryRows(db, query(intArray(patientIds)), map);
}

const ASSISTANT_KINDS = ['PTA', 'OTA'] as const;

/** The server-credited monitoring seconds of the month's days, with who was credited them. */
export async function monitoredDays(
  db: Db,
  scope: ClinicScope,
  patientIds: readonly number[],
  days: { from: string; to: string },
): Promise<MonitoredRow[]> {
  return ofPatients(
    db,
    patientIds,
    (ids) => sql`
    select d.patient_id, d.user_id, u.first_name, u.last_name, u.npi, u.assistant_kind,
           to_char(d.day, 'YYYY-MM-DD') as day, d.seconds, s.started_at
    from monitoring_days d
    join monitoring_sessions s on s.id = d.session_id
    join users u on u.id = d.user_id
    where d.patient_id = any(${ids}) and d.clinic_id = ${scope.clinicId}
      and d.day between ${days.from}::date and ${days.to}::date and d.seconds > 0
  `,
    (row) => ({
      patientId: col.number(row, 'patient_id'),
      userId: col.number(row, 'user_id'),
      name: `${col.string(row, 'first_name')} ${col.string(row, 'last_name')}`.trim(),
      npi: col.stringOrNull(row, 'npi'),
      assistant: col.oneOfOrNull(row, 'assistant_kind', ASSISTANT_KINDS),
      day: col.string(row, 'day'),
      seconds: col.number(row, 'seconds'),
      sessionStartedAt: col.date(row, 'started_at'),
    }),
  );
}

export interface Interaction {
  patientId: number;
  at: Date;
  seconds: number;
  kind: 'call' | 'secure_message';
}

/** The month's live interactive communications: logged calls with a duration. */
export async function interactiveCalls(
  db: Db,
  scope: ClinicScope,
  patientIds: readonly number[],
  window: { from: Date; to: Date },
): Promise<Interaction[]> {
  return ofPatients(
    db,
    patientIds,
    (ids) => sql`
    select l.patient_id, l.date, l.call_duration_seconds
    from interaction_logs l
    where l.patient_id = any(${ids}) and l.clinic_id = ${scope.clinicId}
      and l.deleted_at is null
      and l.call_duration_seconds > 0
      and l.date >= ${window.from.toISOString()}::timestamptz
      and l.date < ${window.to.toISOString()}::timestamptz
  `,
    (row): Interaction => ({
      patientId: col.number(row, 'patient_id'),
      at: col.date(row, 'date'),
      seconds: col.number(row, 'call_duration_seconds'),
      kind: 'call',
    }),
  );
}

/**
 * Secure-message exchanges of the month: each clinic day on which both the patient and someone of
 * the clinic wrote in the patient's conversation, at the day's last message. Only for a clinic
 * that counts messaging as the interactive communication.
 */
export async function messageExchanges(
  db: Db,
  scope: ClinicScope,
  patientIds: readonly number[],
  window: { from: Date; to: Date; timeZone: string },
): Promise<Interaction[]> {
  return ofPatients(
    db,
    patientIds,
    (ids) => sql`
    select s.patient_id, max(m.created_at) as at
    from chat_messages m
    join chat_sessions s on s.id = m.session_id
    join patients p on p.id = s.patient_id
    where s.patient_id = any(${ids}) and s.clinic_id = ${scope.clinicId}
      and m.created_at >= ${window.from.toISOString()}::timestamptz
      and m.created_at < ${window.to.toISOString()}::timestamptz
    group by s.patient_id, (m.created_at at time zone ${window.timeZone})::date
    having bool_or(m.sender_user_id = p.user_id) and bool_or(m.sender_user_id <> p.user_id)
  `,
    (row): Interaction => ({
      patientId: col.number(row, 'patient_id'),
      at: col.date(row, 'at'),
      seconds: 0,
      kind: 'secure_message',
    }),
  );
}

/** Each patient's first treating therapist who is not an assistant: the fallback renderer. */
export async function firstTreatingTherapists(
  db: Db,
  scope: ClinicScope,
  patientIds: readonly number[],
): Promise<Map<number, { userId: number; name: string; npi: string | null }>> {
  const treating = new Map<number, { userId: number; name: string; npi: string | null }>();
  const rows = await ofPatients(
    db,
    patientIds,
    (ids) => sql`
    select distinct on (pt.patient_id) pt.patient_id, u.id, u.first_name, u.last_name, u.npi
    from patient_therapists pt
    join users u on u.id = pt.user_id
    where pt.patient_id = any(${ids}) and pt.clinic_id = ${scope.clinicId}
      and u.assistant_kind is null and u.deactivated_at is null
    order by pt.patient_id, pt.created_at, u.id
  `,
    (row) => ({
      patientId: col.number(row, 'patient_id'),
      userId: col.number(row, 'id'),
      name: `${col.string(row, 'first_name')} ${col.string(row, 'last_name')}`.trim(),
      npi: col.stringOrNull(row, 'npi'),
    }),
  );
  for (const { patientId, ...therapist } of rows) {
    treating.set(patientId, therapist);
  }
  return treating;
}
