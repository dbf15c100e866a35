/**
 * Tasks: what the list shows, completing one, and the set-based facts the job makes them from.
 * Each fact query reads one clinic's eligible patients in one statement (a clinic of 100,000
 * patients is a few statements, never one per patient), through the indexes that lead with the
 * patient: health_daily's key, hep_completions_patient_day_idx, monitoring_days_patient_day_idx
 * and interaction_logs_patient_idx.
 */
import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TaskStatus } from '@homestretch/contract/tasks/task-kinds';
import { HEALTH_METRICS } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import { patientTherapists, patients, tasks } from '../../db/schema';
import { col, queryRows } from '../../platform/sql-rows';
import type { ClinicScope } from '../../platform/context';
import type { TaskDraft } from './task-rules';

export type TaskRow = typeof tasks.$inferSelect & {
  patientFirstName: string;
  patientLastName: string;
};

/** Whose tasks the caller sees: the patients they treat, or, for the clinic's admin, all. */
export interface TaskViewer {
  userId: number;
  allPatients: boolean;
}

function visibleTo(scope: ClinicScope, viewer: TaskViewer): SQL | undefined {
  return and(
    eq(tasks.clinicId, scope.clinicId),
    viewer.allPatients
      ? undefined
      : sql`exists (select 1 from ${patientTherapists} where ${patientTherapists.patientId} = ${tasks.patientId} and ${patientTherapists.userId} = ${viewer.userId})`,
  );
}

const rowColumns = {
  task: tasks,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
};

function toRow(row: {
  task: typeof tasks.$inferSelect;
  patientFirstName: string;
  patientLastName: string;
}): TaskRow {
  return {
    ...row.task,
    patientFirstName: row.patientFirstName,
    patientLastName: row.patientLastName,
  };
}

/**
 * One page of the caller's tasks of a status. New tasks are those of active patients, soonest
 * due first; a discharged or removed patient's leave the list. Done ones, latest first.
 */
export async function listTaskPage(
  db: Db,
  scope: ClinicScope,
  viewer: TaskViewer,
  options: { status: TaskStatus; limit: number; offset: number },
): Promise<{ rows: TaskRow[]; count: number }> {
  const where = and(
    visibleTo(scope, viewer),
    eq(tasks.status, options.status),
    options.status === 'new' ? eq(patients.status, 'active') : sql`${patients.status} <> 'removed'`,
  );
  const order =
    options.status === 'new'
      ? [asc(tasks.dueOn), desc(tasks.createdAt), desc(tasks.id)]
      : [desc(tasks.doneAt), desc(tasks.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(tasks)
      .innerJoin(patients, eq(patients.id, tasks.patientId))
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(tasks)
      .innerJoin(patients, eq(patients.id, tasks.patientId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), count: total?.count ?? 0 };
}

/** A task the caller sees, of a patient not removed. */
export async function findVisibleTask(
  db: Db,
  scope: ClinicScope,
  viewer: TaskViewer,
  taskId: number,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(tasks)
    .innerJoin(patients, eq(patients.id, tasks.patientId))
    .where(
      and(visibleTo(scope, viewer), eq(tasks.id, taskId), sql`${patients.status} <> 'removed'`),
    )
    .limit(1);
  return row ? toRow(row) : undefined;
}

/** Marks a new task done; false when it was done already (a second click, or a colleague). */
export async function markTaskDone(
  db: Db,
  scope: ClinicScope,
  taskId: number,
  done: { at: Date; by: number },
): Promise<typeof tasks.$inferSelect | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ status: 'done', doneAt: done.at, doneBy: done.by })
    .where(and(eq(tasks.clinicId, scope.clinicId), eq(tasks.id, taskId), eq(tasks.status, 'new')))
    .returning();
  return row;
}

// ── The job's facts ─────────────────────────────────────────────────────────

/** Patients tasks are made for: active (in an episode of care), RTM-covered and onboarded. */
const eligible = (clinicId: number) => sql`
  p.clinic_id = ${clinicId} and p.status = 'active' and p.is_rtm_covered
  and p.onboarded_at is not null`;

/**
 * Every metric named, so each lookup is a few descents of health_daily's key (patient, metric,
 * day) rather than a scan of all the patient's days.
 */
const metrics = sql.raw(`array[${HEALTH_METRICS.map((metric) => `'${metric}'`).join(', ')}]`);

export interface QuietPatient {
  patientId: number;
  onboardedOn: string;
  lastDataDay: string | null;
}

/**
 * Eligible patients onboarded by `onboardedBy` with no data from `windowStart` on (no daily
 * health row, no exercise with a set done), and the last day they sent any.
 */
export async function quietPatients(
  db: Db,
  clinic: { id: number; timeZone: string },
  window: { windowStart: string; onboardedBy: string },
): Promise<QuietPatient[]> {
  return queryRows(
    db,
    sql`
    select p.id as "patientId",
      ((p.onboarded_at at time zone ${clinic.timeZone})::date)::text as "onboardedOn",
      greatest(
        (select max(d.day) from health_daily d where d.patient_id = p.id),
        (select max(c.completed_on) from hep_completions c
          where c.patient_id = p.id and c.sets_done > 0)
      )::text as "lastDataDay"
    from patients p
    where ${eligible(clinic.id)}
      and (p.onboarded_at at time zone ${clinic.timeZone})::date <= ${window.onboardedBy}::date
      and not exists (select 1 from health_daily d
        where d.patient_id = p.id and d.metric = any(${metrics}) and d.day >= ${window.windowStart}::date)
      and not exists (select 1 from hep_completions c
        where c.patient_id = p.id and c.completed_on >= ${window.windowStart}::date and c.sets_done > 0)
  `,
    (row) => ({
      patientId: col.number(row, 'patientId'),
      onboardedOn: col.string(row, 'onboardedOn'),
      lastDataDay: col.stringOrNull(row, 'lastDataDay'),
    }),
  );
}

export interface PainWeeks {
  patientId: number;
  recent: number;
  previous: number;
}

/**
 * Eligible patients' mean daily pain over the 7 days to `today` and the 7 before, where each week
 * has `minReports` days with a report and the rise reaches `minRise` (the rule re-checks it).
 */
export async function painWeeks(
  db: Db,
  clinicId: number,
  window: { today: string; minReports: number; minRise: number },
): Promise<PainWeeks[]> {
  const recent = sql`d.day > ${window.today}::date - 7`;
  return queryRows(
    db,
    sql`
    select d.patient_id as "patientId",
      avg(d.sum / d.count) filter (where ${recent}) as "recent",
      avg(d.sum / d.count) filter (where not (${recent})) as "previous"
    from patients p
    join health_daily d on d.patient_id = p.id and d.metric = 'pain'
      and d.day between ${window.today}::date - 13 and ${window.today}::date
    where ${eligible(clinicId)}
    group by d.patient_id
    having count(*) filter (where ${recent}) >= ${window.minReports}
      and count(*) filter (where not (${recent})) >= ${window.minReports}
      and avg(d.sum / d.count) filter (where ${recent})
        - avg(d.sum / d.count) filter (where not (${recent})) >= ${window.minRise}
  `,
    // avg() is numeric: a string from node-postgres.
    (row) => ({
      patientId: col.number(row, 'patientId'),
      recent: col.number(row, 'recent'),
      previous: col.number(row, 'previous'),
    }),
  );
}

export interface MonthSoFar {
  patientId: number;
  monitoredSeconds: number;
  hasCall: boolean;
}

/**
 * Every eligible patient's monitoring seconds this month (monitoring_days, split at the clinic's
 * midnights) and whether a live call with a duration is logged in it (domain/rtm.md).
 */
export async function monthSoFar(
  db: Db,
  clinicId: number,
  month: { firstDay: string; lastDay: string; from: Date; to: Date },
): Promise<MonthSoFar[]> {
  return queryRows(
    db,
    sql`
    select p.id as "patientId",
      coalesce((select sum(m.seconds) from monitoring_days m
        where m.patient_id = p.id and m.day between ${month.firstDay}::date and ${month.lastDay}::date), 0)::int
        as "monitoredSeconds",
      exists (select 1 from interaction_logs l
        where l.patient_id = p.id and l.deleted_at is null and l.call_duration_seconds > 0
          and l.date >= ${month.from.toISOString()}::timestamptz
          and l.date < ${month.to.toISOString()}::timestamptz) as "hasCall"
    from patients p
    where ${eligible(clinicId)}
  `,
    (row) => ({
      patientId: col.number(row, 'patientId'),
      monitoredSeconds: col.number(row, 'monitoredSeconds'),
      hasCall: col.boolean(row, 'hasCall'),
    }),
  );
}

/**
 * Marks done the month's open call-due tasks of patients whose live call is now logged (issue 30,
 * item 11): done by whoever logged the month's first call, when the job saw it. Answers how many.
 */
export async function closeCalledTasks(
  db: Db,
  clinicId: number,
  month: { periodKey: string; from: Date; to: Date },
  now: Date,
): Promise<number> {
  const closed = await queryRows(
    db,
    sql`
    update ${tasks} t
    set status = 'done', done_at = ${now.toISOString()}::timestamptz, done_by = called.user_id
    from (
      select distinct on (l.patient_id) l.patient_id, l.user_id
      from interaction_logs l
      where l.clinic_id = ${clinicId} and l.deleted_at is null and l.call_duration_seconds > 0
        and l.date >= ${month.from.toISOString()}::timestamptz
        and l.date < ${month.to.toISOString()}::timestamptz
      order by l.patient_id, l.date, l.id
    ) called
    where t.clinic_id = ${clinicId} and t.patient_id = called.patient_id
      and t.kind = 'call_due' and t.status = 'new' and t.period_key = ${month.periodKey}
    returning t.id
  `,
    (row) => col.number(row, 'id'),
  );
  return closed.length;
}

/** Rows per insert: 6 parameters a row stays far below PostgreSQL's 65,535. */
const INSERT_BATCH = 1000;

/** Adds the drafts; one already made for its patient, kind and period is left as it is. */
export async function insertTasks(
  db: Db,
  clinicId: number,
  drafts: readonly TaskDraft[],
  now: Date,
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < drafts.length; start += INSERT_BATCH) {
    const rows = await db
      .insert(tasks)
      .values(
        drafts.slice(start, start + INSERT_BATCH).map((draft) => ({
          clinicId,
          patientId: draft.patientId,
          kind: draft.kind,
          periodKey: draft.periodKey,
          reason: draft.reason,
          dueOn: draft.dueOn,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [tasks.patientId, tasks.kind, tasks.periodKey] })
      .returning({ id: tasks.id });
    inserted += rows.length;
  }
  return inserted;
}
