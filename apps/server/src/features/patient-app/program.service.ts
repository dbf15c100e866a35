/**
 * The patient's program in the app: today's exercises with the sets ticked, the week, and the
 * ticking itself. Days are the clinic's dates, so "today" is the same day the therapist sees.
 */
import type { z } from 'zod';
import type {
  RecordProgressBodySchema,
  TodayItem,
  TodayProgram,
} from '@homestretch/contract/patient-app/program';
import { writeAudit } from '../../platform/audit';
import { addDays, localDate, startOfLocalDay } from '../../platform/calendar';
import type { AuthedCtx } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { toHepVideo } from '../hep/hep.api';
import { type OwnPatient, ownPatient } from './own-patient';
import {
  type ProgramItemRow,
  findProgramItem,
  firstTreatingTherapist,
  lastPainOn,
  programOfPatient,
  programSpans,
  saveTicks,
  ticksOn,
  ticksSince,
} from './patient-app.repo';
import {
  STREAK_MAX_DAYS,
  type ProgramItemSpan,
  adherencePercent,
  streakDays,
  ticksByDay,
  weekDays,
} from './program-rules';

function toTodayItem(row: ProgramItemRow, setsDone: number): TodayItem {
  return {
    id: row.id,
    video: toHepVideo(row),
    sets: row.sets,
    reps: row.reps,
    hold_seconds: row.holdSeconds,
    description: row.description,
    order: row.order,
    sets_done: setsDone,
  };
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** The counting reaches back as far as a streak is counted. */
async function loadWeek(ctx: AuthedCtx, own: OwnPatient, today: string) {
  const { scope, patient, timeZone } = own;
  const from = addDays(today, -STREAK_MAX_DAYS);
  const [spans, ticks] = await Promise.all([
    programSpans(ctx.db, scope, patient.id, startOfLocalDay(from, timeZone)),
    ticksSince(ctx.db, scope, patient.id, from),
  ]);
  const items: ProgramItemSpan[] = spans.map((span) => ({
    id: span.id,
    sets: span.sets,
    addedOn: localDate(span.createdAt, timeZone),
    removedOn: span.deletedAt ? localDate(span.deletedAt, timeZone) : null,
  }));
  const lastChange = spans.reduce<Date | null>(
    (latest, span) => later(latest, later(span.updatedAt, span.deletedAt)),
    null,
  );
  return { items, ticks: ticksByDay(ticks), lastChange };
}

/** Today's program of the signed-in patient, with the week and the streak. Audited as a read. */
export async function getTodayProgram(ctx: AuthedCtx): Promise<TodayProgram> {
  const own = await ownPatient(ctx);
  const { scope, patient, timeZone } = own;
  const today = localDate(ctx.clock.now(), timeZone);
  const [rows, todayTicks, week, therapist, pain] = await Promise.all([
    programOfPatient(ctx.db, scope, patient.id),
    ticksOn(ctx.db, scope, patient.id, today),
    loadWeek(ctx, own, today),
    firstTreatingTherapist(ctx.db, scope, patient.id),
    lastPainOn(ctx.db, scope, patient.id, today),
  ]);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'patient_app.program_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId: patient.id,
  });
  return {
    today,
    items: rows.map((row) => toTodayItem(row, todayTicks.get(row.id) ?? 0)),
    week: weekDays(week.items, week.ticks, today),
    adherence_percent: adherencePercent(week.items, week.ticks, today),
    streak_days: streakDays(week.items, week.ticks, today),
    updated_at: week.lastChange?.toISOString() ?? null,
    therapist: therapist
      ? { first_name: therapist.firstName, last_name: therapist.lastName }
      : null,
    pain_today: pain ? { level: pain.level, recorded_at: pain.recordedAt.toISOString() } : null,
  };
}

/**
 * Today's ticked sets of one exercise of the patient's own program (the whole count). An item
 * not in it now is 404, another patient's included; more sets than it asks for is 422.
 */
export async function recordProgress(
  ctx: AuthedCtx,
  hepId: number,
  input: z.output<typeof RecordProgressBodySchema>,
): Promise<TodayItem> {
  const { scope, patient, timeZone } = await ownPatient(ctx);
  const item = await findProgramItem(ctx.db, scope, patient.id, hepId);
  if (!item) {
    throw notFound('Exercise');
  }
  if (input.sets_done > item.sets) {
    throw new AppError(
      'rule_violation',
      `This exercise has ${item.sets} ${item.sets === 1 ? 'set' : 'sets'}: ${input.sets_done} cannot be ticked`,
      { sets_done: `At most ${item.sets}` },
    );
  }
  const today = localDate(ctx.clock.now(), timeZone);
  await ctx.db.transaction(async (tx) => {
    await saveTicks(tx, {
      clinicId: scope.clinicId,
      patientId: patient.id,
      hepItemId: item.id,
      completedOn: today,
      setsDone: input.sets_done,
    });
    await writeAudit(tx, ctx.meta, {
      action: 'patient_app.progress',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId: patient.id,
      targetType: 'hep_item',
      targetId: item.id,
      details: { date: today, sets_done: input.sets_done },
    });
  });
  return toTodayItem(item, input.sets_done);
}
