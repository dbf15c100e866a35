/**
 * The task job (issue 13): makes tasks from every clinic's data. Every node runs it on a timer
 * (main.ts); a PostgreSQL advisory lock lets one node at a time do the work, like the purge
 * (platform/purge.ts). Each kind is made once per patient and period (tasks.period_key, inserted
 * with ON CONFLICT DO NOTHING), so a run that finds what an earlier run found adds nothing.
 */
import type { Db } from '../../db/client';
import { ADVISORY_LOCKS } from '../../platform/advisory-locks';
import { runExclusively } from '../../platform/jobs';
import { clinics } from '../../db/schema';
import { addDays, localDate, monthStart, startOfLocalDay } from '../../platform/calendar';
import { PAIN_MIN_REPORTS } from '../health/health.api';
import {
  CALL_DUE_DAYS_LEFT,
  MINUTES_SHORT_DAYS_LEFT,
  PAIN_RISE_TASK_POINTS,
  type TaskDraft,
  callDueTask,
  daysLeftInMonth,
  minutesShortTask,
  monthEnd,
  noDataTask,
  onboardedNoLaterThan,
  painRisingTask,
  quietWindowStart,
} from './task-rules';
import { closeCalledTasks, insertTasks, monthSoFar, painWeeks, quietPatients } from './tasks.repo';

export const TASK_JOB_EVERY_MS = 15 * 60_000;

/** What one clinic's data calls for today, in its time zone. */
async function clinicDrafts(db: Db, clinic: { id: number; timeZone: string }, now: Date) {
  const today = localDate(now, clinic.timeZone);
  const [quiet, pain] = await Promise.all([
    quietPatients(db, clinic, {
      windowStart: quietWindowStart(today),
      onboardedBy: onboardedNoLaterThan(today),
    }),
    painWeeks(db, clinic.id, {
      today,
      minReports: PAIN_MIN_REPORTS,
      minRise: PAIN_RISE_TASK_POINTS,
    }),
  ]);
  const drafts: (TaskDraft | null)[] = [
    ...quiet.map((patient) => noDataTask({ ...patient, today })),
    ...pain.map((patient) => painRisingTask({ ...patient, today })),
  ];
  // The month's facts matter only in its last days; the rest of the month they are not read.
  if (daysLeftInMonth(today) <= Math.max(CALL_DUE_DAYS_LEFT, MINUTES_SHORT_DAYS_LEFT)) {
    const lastDay = monthEnd(today);
    const month = await monthSoFar(db, clinic.id, {
      firstDay: monthStart(today),
      lastDay,
      from: startOfLocalDay(monthStart(today), clinic.timeZone),
      to: startOfLocalDay(addDays(lastDay, 1), clinic.timeZone),
    });
    for (const patient of month) {
      drafts.push(
        callDueTask({ patientId: patient.patientId, today, hasCallThisMonth: patient.hasCall }),
        minutesShortTask({ ...patient, today }),
      );
    }
  }
  return drafts.filter((draft): draft is TaskDraft => draft !== null);
}

/** The current month's call-due tasks whose call has been logged since are done. */
async function closeClinicCallTasks(db: Db, clinic: { id: number; timeZone: string }, now: Date) {
  const today = localDate(now, clinic.timeZone);
  const first = monthStart(today);
  return closeCalledTasks(
    db,
    clinic.id,
    {
      periodKey: today.slice(0, 7),
      from: startOfLocalDay(first, clinic.timeZone),
      to: startOfLocalDay(addDays(monthEnd(today), 1), clinic.timeZone),
    },
    now,
  );
}

/**
 * Makes the tasks every clinic's data calls for at `now`, and closes the call-due tasks a logged
 * call answered. Answers how many were new, or null when another node holds the job.
 */
export async function runTaskJob(db: Db, now: Date): Promise<number | null> {
  return runExclusively(db, ADVISORY_LOCKS.TASK_JOB, async (tx) => {
    const all = await tx.select({ id: clinics.id, timeZone: clinics.timeZone }).from(clinics);
    let made = 0;
    for (const clinic of all) {
      await closeClinicCallTasks(tx, clinic, now);
      made += await insertTasks(tx, clinic.id, await clinicDrafts(tx, clinic, now), now);
    }
    return made;
  });
}
