/**
 * Monitoring's queries (issue 13): sessions, their seconds per clinic day, and the month of the
 * patients a therapist treats. Every function takes the caller's clinic.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import type { Db } from '../../db/client';
import { monitoringDays, monitoringSessions, users } from '../../db/schema';
import { ADVISORY_LOCKS } from '../../platform/advisory-locks';
import type { ClinicScope } from '../../platform/context';
import { lockForTransaction } from '../../platform/jobs';
import { col, queryRows } from '../../platform/sql-rows';
import { onlyRow } from '../../platform/db-errors';
import type { DaySeconds } from '../../platform/calendar';
import type { PatientMonthFacts } from './monitoring-rules';

/** Serialises one therapist's starts and saves (two tabs starting at once). */
export async function lockTherapist(tx: Db, userId: number): Promise<void> {
  await lockForTransaction(tx, [ADVISORY_LOCKS.MONITORING, userId]);
}

/** Closes the therapist's open session, if any, at its last save: unsaved time is not counted. */
export async function closeOpenSession(tx: Db, scope: ClinicScope, userId: number): Promise<void> {
  await tx
    .update(monitoringSessions)
    .set({
      endedAt: sql`coalesce(${monitoringSessions.lastSavedAt}, ${monitoringSessions.startedAt})`,
    })
    .where(
      and(
        eq(monitoringSessions.clinicId, scope.clinicId),
        eq(monitoringSessions.userId, userId),
        isNull(monitoringSessions.endedAt),
      ),
    );
}

export async function insertSession(
  tx: Db,
  scope: ClinicScope,
  input: { userId: number; patientId: number; context: MonitoringContext; startedAt: Date },
): Promise<number> {
  const row = onlyRow(
    await tx
      .insert(monitoringSessions)
      .values({ clinicId: scope.clinicId, ...input })
      .returning({ id: monitoringSessions.id }),
    'monitoring session',
  );
  return row.id;
}

export interface SessionRow {
  id: number;
  patientId: number;
  startedAt: Date;
  lastSavedAt: Date | null;
  endedAt: Date | null;
  seconds: number;
}

/** The caller's own session; another therapist's, or another clinic's, is not found. */
export async function findOwnSession(
  db: Db,
  scope: ClinicScope,
  userId: number,
  sessionId: number,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      id: monitoringSessions.id,
      patientId: monitoringSessions.patientId,
      startedAt: monitoringSessions.startedAt,
      lastSavedAt: monitoringSessions.lastSavedAt,
      endedAt: monitoringSessions.endedAt,
      seconds: monitoringSessions.seconds,
    })
    .from(monitoringSessions)
    .where(
      and(
        eq(monitoringSessions.id, sessionId),
        eq(monitoringSessions.clinicId, scope.clinicId),
        eq(monitoringSessions.userId, userId),
      ),
    );
  return row;
}

/**
 * Saves a session read at `seconds: expected` in one statement (the periodic save is the hot
 * call: 500 therapists every 30 s, bench/monitoring.ts): the new total, and the added seconds on
 * their clinic days. Writes nothing, and answers false, when the session was closed or saved by
 * another request since it was read; the caller reads it again.
 */
export async function saveSessionIfUnchanged(
  db: Db,
  scope: ClinicScope,
  session: { id: number; userId: number; expected: number },
  change: { seconds: number; savedAt: Date; ended: boolean; days: DaySeconds[] },
): Promise<boolean> {
  const savedAt = change.savedAt.toISOString();
  const [saved = 0] = await queryRows(
    db,
    sql`
    with saved as (
      update ${monitoringSessions}
      set seconds = ${change.seconds}, last_saved_at = ${savedAt}::timestamptz,
          ended_at = case when ${change.ended} then ${savedAt}::timestamptz else null end
      where id = ${session.id} and clinic_id = ${scope.clinicId} and user_id = ${session.userId}
        and ended_at is null and seconds = ${session.expected}
      returning id, clinic_id, patient_id, user_id
    ), added as (
      insert into ${monitoringDays} (session_id, clinic_id, patient_id, user_id, day, seconds)
      select saved.id, saved.clinic_id, saved.patient_id, saved.user_id, d.day, d.seconds
      from saved cross join json_to_recordset(${JSON.stringify(change.days)}::json)
        as d(day date, seconds integer)
      on conflict (session_id, day)
        do update set seconds = ${monitoringDays}.seconds + excluded.seconds
      returning 1
    )
    select count(*)::int as saved from saved`,
    (row) => col.number(row, 'saved'),
  );
  return saved === 1;
}

/** Closes every session untouched since `before` at its last save (the sweeper); how many. */
export async function closeAbandonedSessions(db: Db, before: Date): Promise<number> {
  const closed = await db
    .update(monitoringSessions)
    .set({
      endedAt: sql`coalesce(${monitoringSessions.lastSavedAt}, ${monitoringSessions.startedAt})`,
    })
    .where(
      and(
        isNull(monitoringSessions.endedAt),
        lt(
          sql`coalesce(${monitoringSessions.lastSavedAt}, ${monitoringSessions.startedAt})`,
          before,
        ),
      ),
    )
    .returning({ id: monitoringSessions.id });
  return closed.length;
}

/**
 * Seconds of monitoring on the clinic days `from`–`to` (both included): a patient's, by every
 * therapist, or a therapist's own, on every patient.
 */
export async function secondsOf(
  db: Db,
  scope: ClinicScope,
  whose: { patientId: number } | { userId: number },
  days: { from: string; to: string },
): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`coalesce(sum(${monitoringDays.seconds}), 0)::int` })
    .from(monitoringDays)
    .where(
      and(
        eq(monitoringDays.clinicId, scope.clinicId),
        'patientId' in whose
          ? eq(monitoringDays.patientId, whose.patientId)
          : eq(monitoringDays.userId, whose.userId),
        sql`${monitoringDays.day} between ${days.from} and ${days.to}`,
      ),
    );
  return Number(row?.seconds ?? 0);
}

/** A patient's month per therapist, most time first. */
export async function secondsByTherapist(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  days: { from: string; to: string },
): Promise<{ userId: number; firstName: string; lastName: string; seconds: number }[]> {
  const rows = await db
    .select({
      userId: monitoringDays.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      seconds: sql<number>`sum(${monitoringDays.seconds})::int`,
    })
    .from(monitoringDays)
    .innerJoin(users, eq(users.id, monitoringDays.userId))
    .where(
      and(
        eq(monitoringDays.clinicId, scope.clinicId),
        eq(monitoringDays.patientId, patientId),
        sql`${monitoringDays.day} between ${days.from} and ${days.to}`,
      ),
    )
    .groupBy(monitoringDays.userId, users.firstName, users.lastName)
    .orderBy(desc(sql`sum(${monitoringDays.seconds})`));
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
}

/** The month's sessions of a patient, newest first, each with its seconds in the month. */
export async function monthSessions(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  days: { from: string; to: string },
  limit: number,
): Promise<
  {
    id: number;
    userId: number;
    firstName: string;
    lastName: string;
    context: MonitoringContext | null;
    startedAt: Date;
    endedAt: Date | null;
    seconds: number;
  }[]
> {
  const rows = await db
    .select({
      id: monitoringSessions.id,
      userId: monitoringSessions.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      context: monitoringSessions.context,
      startedAt: monitoringSessions.startedAt,
      endedAt: monitoringSessions.endedAt,
      seconds: sql<number>`sum(${monitoringDays.seconds})::int`,
    })
    .from(monitoringDays)
    .innerJoin(monitoringSessions, eq(monitoringSessions.id, monitoringDays.sessionId))
    .innerJoin(users, eq(users.id, monitoringSessions.userId))
    .where(
      and(
        eq(monitoringDays.clinicId, scope.clinicId),
        eq(monitoringDays.patientId, patientId),
        sql`${monitoringDays.day} between ${days.from} and ${days.to}`,
      ),
    )
    .groupBy(monitoringSessions.id, users.firstName, users.lastName)
    .orderBy(desc(monitoringSessions.startedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
}

/**
 * The month of patients, from one statement: monitoring seconds of the month's days, days with
 * data (health data or an exercise ticked) in each patient's 30-day interval holding `today`,
 * and the month's last live call (a logged call with a duration). `patientIds` null means the
 * active, RTM-covered patients `therapistId` treats.
 */
export async function monthFacts(
  db: Db,
  scope: ClinicScope,
  input: {
    therapistId: number | null;
    patientId: number | null;
    month: { from: string; to: string };
    monthInstants: { from: Date; to: Date };
    today: string;
    timeZone: string;
  },
): Promise<PatientMonthFacts[]> {
  const who =
    input.patientId !== null
      ? sql`p.id = ${input.patientId} and p.status <> 'removed'`
      : sql`p.status = 'active' and p.is_rtm_covered
          and exists (select 1 from patient_therapists pt
                      where pt.patient_id = p.id and pt.user_id = ${input.therapistId})`;
  return queryRows(
    db,
    sql`
    with chosen as (
      select p.id, p.first_name, p.last_name, p.selected_code,
             (p.onboarded_at at time zone ${input.timeZone})::date as onboarded_on
      from patients p
      where p.clinic_id = ${scope.clinicId} and ${who}
    ), anchored as (
      -- The 30-day intervals run from the episode's first day with data, as billing counts them
      -- (features/billing/rtm-device.ts).
      select c.*, (
        select min(day) from (
          (select h.day from health_daily h
            where h.patient_id = c.id and h.day >= c.onboarded_on order by h.day limit 1)
          union all
          (select hc.completed_on from hep_completions hc
            where hc.patient_id = c.id and hc.sets_done > 0 and hc.completed_on >= c.onboarded_on
            order by hc.completed_on limit 1)
        ) first_days
      ) as interval_from
      from chosen c
    ), framed as (
      select a.*,
             case when a.interval_from is null or a.interval_from > ${input.today}::date then null
                  else a.interval_from + (((${input.today}::date - a.interval_from) / 30) * 30)
             end as interval_start
      from anchored a
    )
    select f.id, f.first_name, f.last_name, f.selected_code,
           to_char(f.interval_from, 'YYYY-MM-DD') as interval_from,
           (select coalesce(sum(d.seconds), 0) from monitoring_days d
             where d.patient_id = f.id
               and d.day between ${input.month.from}::date and ${input.month.to}::date) as seconds,
           case when f.interval_start is null then 0 else (
             select count(*) from (
               select h.day from health_daily h
                where h.patient_id = f.id and h.day between f.interval_start and ${input.today}::date
               union
               select hc.completed_on from hep_completions hc
                where hc.patient_id = f.id and hc.sets_done > 0
                  and hc.completed_on between f.interval_start and ${input.today}::date
             ) days) end as data_days,
           (select max(l.date) from interaction_logs l
             where l.patient_id = f.id and l.deleted_at is null and l.call_duration_seconds > 0
               and l.date >= ${input.monthInstants.from.toISOString()}::timestamptz
               and l.date < ${input.monthInstants.to.toISOString()}::timestamptz) as last_call_at
    from framed f
  `,
    (row) => ({
      id: col.number(row, 'id'),
      first_name: col.string(row, 'first_name'),
      last_name: col.string(row, 'last_name'),
      selected_code: col.stringOrNull(row, 'selected_code'),
      // sum() and count() are numeric and bigint: strings from node-postgres.
      seconds: col.number(row, 'seconds'),
      intervalFrom: col.stringOrNull(row, 'interval_from'),
      dataDays: col.number(row, 'data_days'),
      lastCallAt: col.dateOrNull(row, 'last_call_at')?.toISOString() ?? null,
    }),
  );
}
