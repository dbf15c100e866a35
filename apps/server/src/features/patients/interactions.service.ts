/**
 * The interaction log (spec §3): calls, messages and visits logged on the patient record. A
 * call's duration is the RTM "real-time interactive communication" (domain/rtm.md).
 */
import type { z } from 'zod';
import {
  HEALTH_SAMPLE_CLOCK_SKEW_MINUTES,
  PAGE_SIZE,
} from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type {
  DeleteInteractionBodySchema,
  InteractionLog,
  LogInteractionBodySchema,
} from '@homestretch/contract/patients/interaction-log';
import { writeAudit } from '../../platform/audit';
import { isIsoDate, localDate, startOfLocalDay } from '../../platform/calendar';
import { type AuthedCtx, clinicScope, clinicTimeZone } from '../../platform/context';
import { invalidInput, notFound } from '../../platform/errors';
import {
  insertInteractionLog,
  listInteractionLogs,
  markInteractionDeleted,
  toInteractionDto,
} from './interaction-log.repo';
import { requireReadablePatient, requireTreatedPatient } from './patient-directory';
import { refuseFutureInteraction } from './patient-rules';
import { voiceCallOfPatient } from './patients.repo';

const SKEW_MS = HEALTH_SAMPLE_CLOCK_SKEW_MINUTES * 60_000;

/**
 * Logs a call, message or visit; a call's duration makes the month's RTM codes billable, so only
 * those who treat the patient log one (permissions.ts mayTreatPatient).
 */
export async function logInteraction(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof LogInteractionBodySchema>,
): Promise<InteractionLog> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  const { log } = input;
  const timeZone = clinicTimeZone(ctx);
  const now = ctx.clock.now();
  const date = isIsoDate(log.date) ? startOfLocalDay(log.date, timeZone) : new Date(log.date);
  refuseFutureInteraction(
    { date: log.date, at: date },
    { today: localDate(now, timeZone), now, skewMs: SKEW_MS },
  );
  if (
    log.voice_call_id !== undefined &&
    log.voice_call_id !== null &&
    !(await voiceCallOfPatient(ctx.db, scope, patientId, log.voice_call_id))
  ) {
    throw invalidInput({ 'log.voice_call_id': 'No call with this patient has this id' });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertInteractionLog(tx, scope, {
      patientId,
      userId: ctx.caller.user.id,
      date,
      notes: log.notes,
      callDurationSeconds: log.call_duration_seconds,
      voiceCallId: log.voice_call_id ?? null,
      createdAt: ctx.clock.now(),
    });
    await writeAudit(tx, ctx.meta, {
      action: 'patient.interaction_logged',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId,
      targetType: 'interaction_log',
      targetId: inserted.id,
    });
    return inserted;
  });
  return toInteractionDto(
    { log: row, firstName: ctx.caller.user.firstName, lastName: ctx.caller.user.lastName },
    timeZone,
  );
}

/** Marks a log deleted (kept for the audit trail; it no longer counts). */
export async function deleteInteraction(
  ctx: AuthedCtx,
  patientId: number,
  input: z.output<typeof DeleteInteractionBodySchema>,
): Promise<{ ok: true; log_id: number }> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  const logId = input.log.log_id;
  const deleted = await ctx.db.transaction(async (tx) => {
    if (!(await markInteractionDeleted(tx, scope, patientId, logId, ctx.clock.now()))) {
      return false;
    }
    await writeAudit(tx, ctx.meta, {
      action: 'patient.interaction_deleted',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId,
      targetType: 'interaction_log',
      targetId: logId,
    });
    return true;
  });
  if (!deleted) {
    throw notFound('Interaction log');
  }
  return { ok: true, log_id: logId };
}

/** The patient's interaction log, newest first, 25 a page. Audited as a read. */
export async function listInteractions(
  ctx: AuthedCtx,
  patientId: number,
  page: number,
): Promise<{ results: InteractionLog[]; count: number }> {
  const scope = clinicScope(ctx);
  await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  const { logs, count } = await listInteractionLogs(ctx.db, scope, patientId, {
    timeZone: clinicTimeZone(ctx),
    limit: PAGE_SIZE,
    offset: pageOffset(page),
  });
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient.interactions_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
  });
  return { results: logs, count };
}
