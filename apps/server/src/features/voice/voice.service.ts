import type { VoiceCall } from '@homestretch/contract/voice/call-status';
import { isLiveCall } from '@homestretch/contract/voice/call-status';
import type { RecentCalls } from '@homestretch/contract/voice/list-calls';
import type { VoiceCallOutcome } from '@homestretch/contract/voice/voice-call-states';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { ProviderCallState } from '../../platform/voice';
import { insertInteractionLog, requireTreatedPatient } from '../patients/patients.api';
import {
  type CallRow,
  findClinicCall,
  insertCall,
  liveCallOf,
  lockCaller,
  recentCalls,
  setProviderCallId,
  updateLiveCall,
} from './voice.repo';

function toCallDto(row: CallRow): VoiceCall {
  return {
    id: row.id,
    patient_id: row.patientId,
    status: row.status,
    outcome: row.outcome,
    provider: row.provider === 'twilio' ? 'twilio' : 'simulator',
    started_at: row.startedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    duration_seconds: row.durationSeconds,
    created_at: row.createdAt.toISOString(),
  };
}

/** Reached means answered and talked to for at least a second (spec §3 call outcomes). */
function outcomeOf(state: ProviderCallState): VoiceCallOutcome {
  return state.status === 'completed' && (state.durationSeconds ?? 0) > 0 ? 'CALL_OK' : 'CALL_NOK';
}

/**
 * Writes where the provider says the call stands. When that is its end, the same transaction
 * records the outcome, audits it and, for a reached patient, logs the call with its duration on
 * the patient's interaction log: the month's RTM live interaction (domain/rtm.md). The update
 * applies only to a live call, so two polls racing to the end log it once.
 */
async function settle(
  ctx: AuthedCtx,
  scope: ClinicScope,
  call: CallRow,
  state: ProviderCallState,
): Promise<CallRow> {
  const unchanged =
    state.status === call.status &&
    (state.answeredAt?.getTime() ?? null) === (call.startedAt?.getTime() ?? null);
  if (unchanged) {
    return call;
  }
  const settled = await ctx.db.transaction(async (tx) => {
    const ended = !isLiveCall(state.status);
    const outcome = ended ? outcomeOf(state) : null;
    const row = await updateLiveCall(tx, call.id, {
      status: state.status,
      startedAt: state.answeredAt,
      endedAt: ended ? (state.endedAt ?? ctx.clock.now()) : null,
      durationSeconds: ended ? (state.durationSeconds ?? 0) : null,
      outcome,
    });
    if (!row || !ended) {
      return row;
    }
    if (outcome === 'CALL_OK' && row.endedAt) {
      await insertInteractionLog(tx, scope, {
        patientId: row.patientId,
        userId: row.userId,
        date: row.endedAt,
        notes: row.provider === 'simulator' ? 'Phone call (simulated)' : 'Phone call',
        callDurationSeconds: row.durationSeconds ?? 0,
        voiceCallId: row.id,
        createdAt: ctx.clock.now(),
      });
    }
    await writeAudit(tx, ctx.meta, {
      action: 'voice.call_ended',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId: row.patientId,
      targetType: 'voice_call',
      targetId: row.id,
      details: { status: row.status, outcome, duration_seconds: row.durationSeconds },
    });
    return row;
  });
  // Undefined: another request ended the call first; answer what it wrote.
  return settled ?? (await findClinicCall(ctx.db, scope, call.id)) ?? call;
}

/** Asks the provider where a live call stands now; an ended call is answered as stored. */
async function refresh(ctx: AuthedCtx, scope: ClinicScope, call: CallRow): Promise<CallRow> {
  if (!isLiveCall(call.status)) {
    return call;
  }
  return settle(ctx, scope, call, await ctx.voice.poll(call, ctx.clock.now()));
}

async function requireClinicCall(db: Db, scope: ClinicScope, callId: number): Promise<CallRow> {
  const call = await findClinicCall(db, scope, callId);
  if (!call) {
    throw notFound('Call');
  }
  return call;
}

/**
 * Phones a patient the caller treats (403 otherwise: the call is the month's RTM live interaction,
 * domain/rtm.md; 404 for another clinic's) at the number on their record (422 without one). One call at a time: a caller still on a live call is refused with 409.
 */
export async function startCall(ctx: AuthedCtx, input: { patient_id: number }): Promise<VoiceCall> {
  const scope = clinicScope(ctx);
  const patient = await requireTreatedPatient(ctx.db, scope, ctx.caller.user, input.patient_id);
  if (!patient.phone) {
    throw new AppError(
      'rule_violation',
      `${patient.firstName} ${patient.lastName} has no phone number on file; add one to their record to call them`,
      { phone: 'No phone number on file' },
    );
  }
  const userId = ctx.caller.user.id;
  const live = await liveCallOf(ctx.db, scope, userId);
  if (live) {
    await refresh(ctx, scope, live);
  }
  const now = ctx.clock.now();
  const call = await ctx.db.transaction(async (tx) => {
    await lockCaller(tx, userId);
    const stillLive = await liveCallOf(tx, scope, userId);
    if (stillLive) {
      throw new AppError(
        'conflict',
        `You are still on call ${stillLive.id}; hang it up before placing another`,
      );
    }
    const row = await insertCall(tx, {
      clinicId: scope.clinicId,
      patientId: patient.id,
      userId,
      status: 'queued',
      provider: ctx.voice.name,
      createdAt: now,
    });
    await writeAudit(tx, ctx.meta, {
      action: 'voice.call_started',
      clinicId: scope.clinicId,
      actorUserId: userId,
      patientId: patient.id,
      targetType: 'voice_call',
      targetId: row.id,
      details: { provider: ctx.voice.name },
    });
    return row;
  });
  let placed: { providerCallId: string };
  try {
    placed = await ctx.voice.place({ to: patient.phone, now });
  } catch (error) {
    await settle(ctx, scope, call, {
      status: 'failed',
      answeredAt: null,
      endedAt: ctx.clock.now(),
      durationSeconds: 0,
    });
    throw error;
  }
  await setProviderCallId(ctx.db, call.id, placed.providerCallId);
  return toCallDto({ ...call, providerCallId: placed.providerCallId });
}

/** Where a call of the caller's clinic stands now (polled while it is live). */
export async function callStatus(ctx: AuthedCtx, callId: number): Promise<VoiceCall> {
  const scope = clinicScope(ctx);
  const call = await requireClinicCall(ctx.db, scope, callId);
  return toCallDto(await refresh(ctx, scope, call));
}

/** Hangs up the caller's own call; one already over is answered as it ended. */
export async function endCall(ctx: AuthedCtx, callId: number): Promise<VoiceCall> {
  const scope = clinicScope(ctx);
  const call = await requireClinicCall(ctx.db, scope, callId);
  if (call.userId !== ctx.caller.user.id) {
    throw forbidden('Only the person who placed this call can hang it up.');
  }
  if (!isLiveCall(call.status)) {
    return toCallDto(call);
  }
  return toCallDto(await settle(ctx, scope, call, await ctx.voice.hangUp(call, ctx.clock.now())));
}

/** The caller's latest calls, newest first, their live call brought up to date. */
export async function listRecentCalls(
  ctx: AuthedCtx,
  query: { limit: number },
): Promise<RecentCalls> {
  const scope = clinicScope(ctx);
  const userId = ctx.caller.user.id;
  const live = await liveCallOf(ctx.db, scope, userId);
  if (live) {
    await refresh(ctx, scope, live);
  }
  const { rows, count } = await recentCalls(ctx.db, scope, userId, query.limit);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'voice.calls_listed',
    clinicId: scope.clinicId,
    actorUserId: userId,
    details: { patient_ids: [...new Set(rows.map((row) => row.patientId))] },
  });
  return {
    results: rows.map((row) => ({
      ...toCallDto(row),
      patient: {
        id: row.patientId,
        first_name: row.patientFirstName,
        last_name: row.patientLastName,
      },
    })),
    count,
  };
}
