/**
 * Monitoring time insurers can trust (issue 13, domain/rtm.md): the server's clock decides what
 * counts, a therapist is counted on one patient at a time, and minutes fall in the clinic's
 * calendar days and months.
 */
import type { MonitoringMonth } from '@homestretch/contract/monitoring/monitoring-month';
import type { PatientMonitoring } from '@homestretch/contract/monitoring/patient-monitoring';
import type { PriorityList } from '@homestretch/contract/monitoring/priority-list';
import {
  RTM_FIRST_THRESHOLD_MINUTES,
  RTM_MAIN_THRESHOLD_MINUTES,
} from '@homestretch/contract/monitoring/rtm-minutes';
import type { RtmPatientMonth } from '@homestretch/contract/monitoring/rtm-month';
import type { SavedMonitoring } from '@homestretch/contract/monitoring/save-monitoring';
import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import type { MonitoringSession } from '@homestretch/contract/monitoring/start-monitoring';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import {
  addDays,
  localDate,
  monthDays,
  splitAcrossDays,
  startOfLocalDay,
} from '../../platform/calendar';
import {
  type AuthedCtx,
  type ClinicScope,
  clinicScope,
  clinicTimeZone,
} from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { canMonitor } from '../../platform/permissions';
import { requireTreatedPatient } from '../patients/patients.api';
import {
  closeAbandonedSessions,
  closeOpenSession,
  findOwnSession,
  insertSession,
  lockTherapist,
  monthFacts,
  monthSessions,
  saveSessionIfUnchanged,
  secondsByTherapist,
  secondsOf,
} from './monitoring.repo';
import {
  ABANDONED_AFTER_MS,
  creditedSeconds,
  monthOf,
  patientMonth,
  rankPriority,
} from './monitoring-rules';

/** spec §5/§6, in words for the 403. */
export const NOT_MONITORED_MESSAGE =
  'Monitoring time is not recorded for office managers, nor, in a full-service clinic, for staff other than remote therapists.';

const SESSIONS_SHOWN = 50;
/** Saves racing on one session: each lost race reads again. */
const SAVE_ATTEMPTS = 3;

function requireMonitor(ctx: AuthedCtx): void {
  if (!canMonitor(ctx.caller.user)) {
    throw forbidden(NOT_MONITORED_MESSAGE);
  }
}

/**
 * Opens a session on a patient the caller treats (their minutes are the month's billing credit,
 * domain/rtm.md; 403 otherwise, 404 for another clinic's). The caller's open session is closed first
 * (at its last save), under a per-therapist lock, so two tabs starting at once leave one open.
 */
export async function startMonitoring(
  ctx: AuthedCtx,
  body: { user_id: number; context: MonitoringContext },
): Promise<MonitoringSession> {
  requireMonitor(ctx);
  const scope = clinicScope(ctx);
  const patient = await requireTreatedPatient(ctx.db, scope, ctx.caller.user, body.user_id);
  const userId = ctx.caller.user.id;
  const id = await ctx.db.transaction(async (tx) => {
    await lockTherapist(tx, userId);
    await closeOpenSession(tx, scope, userId);
    const sessionId = await insertSession(tx, scope, {
      userId,
      patientId: patient.id,
      context: body.context,
      startedAt: ctx.clock.now(),
    });
    await writeAudit(tx, ctx.meta, {
      action: 'monitoring.start',
      clinicId: scope.clinicId,
      actorUserId: userId,
      patientId: patient.id,
      targetType: 'monitoring_session',
      targetId: sessionId,
      details: { context: body.context },
    });
    return sessionId;
  });
  return { id };
}

/**
 * Saves the caller's session: the seconds it counts (creditedSeconds), the new ones added to the
 * clinic days they fell on; `final` closes it. Someone else's session is 404, a closed one 409.
 */
export async function saveMonitoring(
  ctx: AuthedCtx,
  sessionId: number,
  body: { seconds?: number; final: boolean },
): Promise<SavedMonitoring> {
  requireMonitor(ctx);
  const scope = clinicScope(ctx);
  const userId = ctx.caller.user.id;
  const timeZone = clinicTimeZone(ctx);
  // Read, then write only if nobody saved in between (two tabs of one session, a retry racing
  // its original): a lost race reads again, and the cumulative count makes that safe.
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
    const session = await findOwnSession(ctx.db, scope, userId, sessionId);
    if (!session) {
      throw notFound('Monitoring session');
    }
    if (session.endedAt) {
      throw new AppError(
        'conflict',
        'This monitoring session is closed already; start a new one to go on monitoring.',
      );
    }
    const now = ctx.clock.now();
    const seconds = creditedSeconds(
      { startedAt: session.startedAt, credited: session.seconds, lastSavedAt: session.lastSavedAt },
      now,
      body.seconds,
    );
    const saved = await saveSessionIfUnchanged(
      ctx.db,
      scope,
      { id: session.id, userId, expected: session.seconds },
      {
        seconds,
        savedAt: now,
        ended: body.final,
        days: splitAcrossDays(now, seconds - session.seconds, timeZone),
      },
    );
    if (saved) {
      return { id: session.id, seconds, ended: body.final };
    }
  }
  throw new AppError('conflict', 'This monitoring session is being saved by another request.');
}

/** Closes sessions nobody saved for ABANDONED_AFTER_MS, at their last save; how many. */
export async function sweepAbandonedSessions(db: Db, now: Date): Promise<number> {
  return closeAbandonedSessions(db, new Date(now.getTime() - ABANDONED_AFTER_MS));
}

interface MonthFrame {
  month: string;
  days: { from: string; to: string };
  instants: { from: Date; to: Date };
  today: string;
  timeZone: string;
}

function monthFrame(ctx: AuthedCtx, month: string | undefined): MonthFrame {
  const timeZone = clinicTimeZone(ctx);
  const today = localDate(ctx.clock.now(), timeZone);
  const chosen = month ?? monthOf(today);
  const days = monthDays(chosen);
  return {
    month: chosen,
    days,
    instants: {
      from: startOfLocalDay(days.from, timeZone),
      to: startOfLocalDay(addDays(days.to, 1), timeZone),
    },
    today,
    timeZone,
  };
}

async function myPatientsMonth(
  ctx: AuthedCtx,
  scope: ClinicScope,
  frame: MonthFrame,
): Promise<RtmPatientMonth[]> {
  const facts = await monthFacts(ctx.db, scope, {
    therapistId: ctx.caller.user.id,
    patientId: null,
    month: frame.days,
    monthInstants: frame.instants,
    today: frame.today,
    timeZone: frame.timeZone,
  });
  return facts.map((row) => patientMonth(row, frame.month, frame.today));
}

/** The caller's patients still short of a threshold this month, most at risk first. */
export async function priorityList(ctx: AuthedCtx): Promise<PriorityList> {
  requireMonitor(ctx);
  const scope = clinicScope(ctx);
  const frame = monthFrame(ctx, undefined);
  const ranked = rankPriority(await myPatientsMonth(ctx, scope, frame));
  await ctx.audit.recordRead(ctx.meta, {
    action: 'monitoring.priority_list_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    details: { month: frame.month, patients: ranked.length },
  });
  return { month: frame.month, time_zone: frame.timeZone, results: ranked, count: ranked.length };
}

/** The therapist dashboard's month: every patient the caller treats, with totals. */
export async function monitoringMonth(
  ctx: AuthedCtx,
  month: string | undefined,
): Promise<MonitoringMonth> {
  const scope = clinicScope(ctx);
  const frame = monthFrame(ctx, month);
  const [patients, mySeconds] = await Promise.all([
    myPatientsMonth(ctx, scope, frame),
    secondsOf(ctx.db, scope, { userId: ctx.caller.user.id }, frame.days),
  ]);
  patients.sort(
    (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
  );
  await ctx.audit.recordRead(ctx.meta, {
    action: 'monitoring.month_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    details: { month: frame.month, patients: patients.length },
  });
  return {
    month: frame.month,
    time_zone: frame.timeZone,
    results: patients,
    totals: {
      patients: patients.length,
      my_seconds: mySeconds,
      reached_10: patients.filter((p) => p.minutes >= RTM_FIRST_THRESHOLD_MINUTES).length,
      reached_20: patients.filter((p) => p.minutes >= RTM_MAIN_THRESHOLD_MINUTES).length,
      with_call: patients.filter((p) => p.has_interactive_call).length,
    },
  };
}

/** The patient dashboard's Monitoring panel. Audited as a read of the record. */
export async function patientMonitoring(
  ctx: AuthedCtx,
  patientId: number,
  month: string | undefined,
): Promise<PatientMonitoring> {
  const scope = clinicScope(ctx);
  const frame = monthFrame(ctx, month);
  // The month's facts read the patient (of this clinic, not removed): none is a 404.
  const [facts, byTherapist, sessions] = await Promise.all([
    monthFacts(ctx.db, scope, {
      therapistId: null,
      patientId,
      month: frame.days,
      monthInstants: frame.instants,
      today: frame.today,
      timeZone: frame.timeZone,
    }),
    secondsByTherapist(ctx.db, scope, patientId, frame.days),
    monthSessions(ctx.db, scope, patientId, frame.days, SESSIONS_SHOWN),
  ]);
  const [row] = facts;
  if (!row) {
    throw notFound('Patient');
  }
  await ctx.audit.recordRead(ctx.meta, {
    action: 'monitoring.patient_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    details: { month: frame.month },
  });
  return {
    month: frame.month,
    time_zone: frame.timeZone,
    status: patientMonth(row, frame.month, frame.today),
    by_therapist: byTherapist.map((entry) => ({
      user_id: entry.userId,
      therapist_name: `${entry.firstName} ${entry.lastName}`,
      seconds: entry.seconds,
    })),
    sessions: sessions.map((session) => ({
      id: session.id,
      user_id: session.userId,
      therapist_name: `${session.firstName} ${session.lastName}`,
      context: session.context,
      started_at: session.startedAt.toISOString(),
      ended_at: session.endedAt?.toISOString() ?? null,
      seconds: session.seconds,
    })),
  };
}
