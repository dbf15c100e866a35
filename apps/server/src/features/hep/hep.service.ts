/**
 * A patient's home exercise program (issue 12): one persistent program, changed item by item,
 * every change recorded with who made it and the item before and after. Whose changes wait for
 * a supervisor is approvals.service.ts's; this file refuses them a direct change.
 */
import type { AddToProgramBodySchema } from '@homestretch/contract/hep/add-to-program';
import { HEP_MAX_ITEMS } from '@homestretch/contract/hep/hep-item';
import type { HepItem } from '@homestretch/contract/hep/hep-item';
import type { HepItemHistory, ProgramEvent } from '@homestretch/contract/hep/history';
import type { PatientHepRequest, Program } from '@homestretch/contract/hep/program';
import type { UpdateProgramItemBodySchema } from '@homestretch/contract/hep/update-program-item';
import type { Role } from '@homestretch/contract/common/enums';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { addDays, startOfLocalDay } from '../../platform/calendar';
import {
  type AuthedCtx,
  type ClinicScope,
  clinicScope,
  clinicTimeZone,
} from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { writeAudit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { requireVisibleFolderNames } from '../library/library.api';
import { requireReadablePatient, requireTreatedPatient } from '../patients/patients.api';
import { personRef, toHepEvent, toHepItem, toPatientHepRequest } from './hep-dto';
import {
  approvalRoles,
  byOrder,
  itemState,
  movedOnPurpose,
  needsApproval,
  orderUpdates,
  staleOrderReason,
} from './hep-rules';
import { toHepVideo } from './hep-video';
import {
  type ItemRow,
  type NewEvent,
  type NewItem,
  findHepVideos,
  findItem,
  findItemEvents,
  findItems,
  findPatientRequest,
  findProgram,
  findProgramAsOf,
  findProgramEvents,
  insertEvents,
  insertItem,
  itemPosition,
  lastOrder,
  listPatientRequests,
  lockProgram,
  resolvePatientRequest as resolvePatientRequestRow,
  setItemOrders,
  updateItem,
} from './hep.repo';
import { findApprovalSettings, findOpenAndLastDecided } from './approvals.repo';

export const NEEDS_APPROVAL_MESSAGE =
  "Your program changes need a supervisor's approval: send them as an approval request.";

/** Whether this person's program changes wait for a supervisor (clinic setting, or their own). */
async function waitsForApproval(
  db: Db,
  scope: ClinicScope,
  user: { id: number; role: Role },
): Promise<boolean> {
  const { settings, hepApproval } = await findApprovalSettings(db, scope, user.id);
  return needsApproval({ role: user.role, hepApproval }, approvalRoles(settings));
}

function callerNeedsApproval(ctx: AuthedCtx, scope: ClinicScope): Promise<boolean> {
  return waitsForApproval(ctx.db, scope, ctx.caller.user);
}

async function assertDirectChange(ctx: AuthedCtx, scope: ClinicScope): Promise<void> {
  if (await callerNeedsApproval(ctx, scope)) {
    throw forbidden(NEEDS_APPROVAL_MESSAGE);
  }
}

function audit(
  ctx: AuthedCtx,
  scope: ClinicScope,
  patientId: number,
  action: string,
  details: Record<string, unknown>,
) {
  return {
    action,
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    details,
  };
}

/** The program in order with its items' places numbered 1..n. */
function listed(rows: readonly ItemRow[]): HepItem[] {
  return byOrder(rows).map((row, index) => toHepItem(row, index + 1));
}

/**
 * What a program view reads: the program now (or at `asOfEnd`), whether the reader's changes
 * wait, the request waiting, the last decision and the patient's questions. The bench's bare
 * route runs exactly this (bench/hep-bare-server.ts).
 */
export async function readProgram(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  reader: { id: number; role: Role },
  asOfEnd?: Date,
) {
  const [program, needs, requests, questions] = await Promise.all([
    asOfEnd === undefined
      ? findProgram(db, scope, patientId)
      : findProgramAsOf(db, scope, patientId, asOfEnd).then((items) => ({ items, removed: [] })),
    waitsForApproval(db, scope, reader),
    findOpenAndLastDecided(db, scope, patientId),
    listPatientRequests(db, scope, patientId),
  ]);
  return { program, needs, pending: requests.pending, decision: requests.decided, questions };
}

/** The program now (or at the end of a past clinic date), with what waits on it. */
export async function getProgram(
  ctx: AuthedCtx,
  patientId: number,
  asOf?: string,
): Promise<Program> {
  const scope = clinicScope(ctx);
  await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  const { program, needs, pending, decision, questions } = await readProgram(
    ctx.db,
    scope,
    patientId,
    ctx.caller.user,
    asOf === undefined ? undefined : startOfLocalDay(addDays(asOf, 1), clinicTimeZone(ctx)),
  );
  await ctx.audit.recordRead(
    ctx.meta,
    audit(ctx, scope, patientId, 'hep.read', asOf ? { as_of: asOf } : {}),
  );
  return {
    patient_id: patientId,
    items: listed(program.items),
    removed: program.removed.map((row) => toHepItem(row)),
    as_of: asOf ?? null,
    needs_approval: needs,
    pending_request: pending
      ? {
          id: pending.id,
          created_at: pending.createdAt.toISOString(),
          requested_by: personRef(
            pending.requesterId,
            pending.requesterFirstName,
            pending.requesterLastName,
          ),
        }
      : null,
    last_outcome:
      decision &&
      decision.decidedAt &&
      decision.status !== 'pending' &&
      decision.status !== 'superseded'
        ? {
            request_id: decision.id,
            status: decision.status,
            decided_by: personRef(
              decision.deciderId,
              decision.deciderFirstName,
              decision.deciderLastName,
            ),
            decided_at: decision.decidedAt.toISOString(),
            note: decision.decisionNote,
          }
        : null,
    patient_requests: questions.map(toPatientHepRequest),
  };
}

/**
 * Checks entries' videos: each must be in the clinic's library (not archived) or the catalogue,
 * and ready to play. `allowed` are videos that may stay although archived (already in the
 * program). Answers the names of the folders named, each one the caller sees or was shown
 * (`knownFolders`).
 */
export async function checkEntryVideos(
  ctx: AuthedCtx,
  scope: ClinicScope,
  entries: readonly { video_id: number; folder_id?: number | null }[],
  allowed: ReadonlySet<number> = new Set(),
  knownFolders: ReadonlyMap<number, string> = new Map(),
): Promise<{ folderNames: Map<number, string> }> {
  const ids = entries.map((entry) => entry.video_id);
  const found = await findHepVideos(ctx.db, scope, ids);
  for (const id of ids) {
    const video = found.get(id);
    if (!video || (video.videoArchivedAt !== null && !allowed.has(id))) {
      throw new AppError('not_found', `Video ${id} is not in your clinic's library`);
    }
    if (video.videoStatus !== 'ready') {
      throw new AppError(
        'rule_violation',
        `"${video.videoTitle}" is still ${video.videoStatus}: add it once it is ready`,
      );
    }
  }
  const folderIds = [
    ...new Set(entries.flatMap((entry) => (entry.folder_id ? [entry.folder_id] : []))),
  ];
  return { folderNames: await requireVisibleFolderNames(ctx, folderIds, knownFolders) };
}

function uniqueVideoConflict(error: unknown): AppError | null {
  return isUniqueViolation(error, 'hep_items_patient_video_key')
    ? new AppError('conflict', 'One of these exercises is in the program already')
    : null;
}

/** Adds exercises (spec §7 "send"), all or none, after the last item or at the places asked. */
export async function addToProgram(
  ctx: AuthedCtx,
  patientId: number,
  entries: z.output<typeof AddToProgramBodySchema>,
): Promise<Program> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  await assertDirectChange(ctx, scope);
  const { folderNames } = await checkEntryVideos(ctx, scope, entries);
  const actorId = ctx.caller.user.id;
  try {
    await ctx.db.transaction(async (tx) => {
      await lockProgram(tx, scope, patientId);
      const { items } = await findProgram(tx, scope, patientId);
      const inProgram = new Map(items.map((item) => [item.videoId, item]));
      const repeated = entries.find((entry) => inProgram.has(entry.video_id));
      if (repeated) {
        throw new AppError(
          'conflict',
          `"${inProgram.get(repeated.video_id)?.videoTitle}" is in the program already`,
        );
      }
      if (items.length + entries.length > HEP_MAX_ITEMS) {
        throw new AppError(
          'rule_violation',
          `A program holds at most ${HEP_MAX_ITEMS} exercises; this one has ${items.length}`,
        );
      }
      // New items go after the last; one asking for a place is moved there below.
      let next = await lastOrder(tx, scope, patientId);
      const added: { id: number; wanted?: number }[] = [];
      const events: NewEvent[] = [];
      for (const entry of entries) {
        next += 1;
        const item: NewItem = {
          videoId: entry.video_id,
          sets: entry.sets,
          reps: entry.reps,
          holdSeconds: entry.hold_seconds ?? null,
          order: next,
          folderId: entry.folder_id ?? null,
          folderName: entry.folder_id
            ? (entry.folder_name ?? folderNames.get(entry.folder_id) ?? null)
            : (entry.folder_name ?? null),
          description: entry.description ?? '',
        };
        const id = await insertItem(tx, scope, patientId, actorId, item);
        added.push({ id, wanted: entry.order });
        events.push({ hepItemId: id, kind: 'added', before: null, after: itemState(item) });
      }
      const eventIds = await insertEvents(tx, scope, patientId, actorId, events);
      if (added.some((item) => item.wanted !== undefined)) {
        await placeItems(tx, scope, patientId, actorId, added, eventIds[0] ?? null);
      }
      await writeAudit(
        tx,
        ctx.meta,
        audit(ctx, scope, patientId, 'hep.add', { videos: entries.map((entry) => entry.video_id) }),
      );
    });
  } catch (error) {
    throw uniqueVideoConflict(error) ?? error;
  }
  return getProgram(ctx, patientId);
}

/**
 * Moves new items to the places they asked for, the rest keeping their relative order; the
 * shifts are part of the addition (`addedEventId`), not changes of their own.
 */
async function placeItems(
  tx: Db,
  scope: ClinicScope,
  patientId: number,
  actorId: number,
  added: readonly { id: number; wanted?: number }[],
  addedEventId: number | null,
): Promise<void> {
  const { items } = await findProgram(tx, scope, patientId);
  const placed = new Set(added.filter((item) => item.wanted !== undefined).map((item) => item.id));
  const ordered = byOrder(items)
    .filter((item) => !placed.has(item.id))
    .map((item) => item.id);
  for (const item of [...added]
    .filter((item) => item.wanted !== undefined)
    .sort((a, b) => (a.wanted ?? 0) - (b.wanted ?? 0))) {
    ordered.splice(Math.min((item.wanted ?? 1) - 1, ordered.length), 0, item.id);
  }
  await applyOrder(tx, scope, patientId, actorId, items, ordered, addedEventId);
}

/**
 * Numbers the items 1..n in this order. Every item whose number changes gets a `reordered`
 * event (the program of a past day is rebuilt from them), but the change is one line of the
 * history: the first item moved on purpose stands for it and the others are part of it, or all
 * are part of `partOf` when the order follows from another change. An order that moves nothing
 * writes nothing, and no move stamps an item as changed.
 */
async function applyOrder(
  tx: Db,
  scope: ClinicScope,
  patientId: number,
  actorId: number,
  items: readonly ItemRow[],
  orderedIds: readonly number[],
  partOf: number | null = null,
): Promise<void> {
  const moved = movedOnPurpose(items, orderedIds);
  if (moved.length === 0) {
    return;
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const moves = orderUpdates(items, orderedIds);
  await setItemOrders(tx, scope, moves);
  const eventOf = (move: (typeof moves)[number]): NewEvent[] => {
    const item = byId.get(move.id);
    return item
      ? [
          {
            hepItemId: move.id,
            kind: 'reordered',
            before: itemState(item),
            after: itemState({ ...item, order: move.to }),
          },
        ]
      : [];
  };
  // The item dragged may keep its number when the stored numbers gapped: then any move leads.
  const lead =
    partOf === null ? (moves.find((move) => move.id === moved[0]) ?? moves[0]) : undefined;
  const [leadId] = lead ? await insertEvents(tx, scope, patientId, actorId, eventOf(lead)) : [];
  await insertEvents(
    tx,
    scope,
    patientId,
    actorId,
    moves
      .filter((move) => move !== lead)
      .flatMap(eventOf)
      .map((event) => ({ ...event, partOf: leadId ?? partOf })),
  );
}

/** An item of this patient's program now (404 otherwise: removed, another patient's, another clinic's). */
function activeItemOf(item: ItemRow | null, patientId: number): ItemRow {
  if (!item || item.patientId !== patientId || item.deletedAt !== null) {
    throw notFound('Program item');
  }
  return item;
}

export async function updateProgramItem(
  ctx: AuthedCtx,
  patientId: number,
  hepId: number,
  changes: z.output<typeof UpdateProgramItemBodySchema>,
): Promise<HepItem> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  await assertDirectChange(ctx, scope);
  const actorId = ctx.caller.user.id;
  await ctx.db.transaction(async (tx) => {
    await lockProgram(tx, scope, patientId);
    const item = activeItemOf(await findItem(tx, scope, hepId), patientId);
    const { hold_seconds: holdSeconds, ...counts } = changes;
    const itemChanges = holdSeconds === undefined ? counts : { ...counts, holdSeconds };
    const after = itemState({ ...item, ...itemChanges });
    if (JSON.stringify(after) === JSON.stringify(itemState(item))) {
      return;
    }
    await updateItem(tx, scope, hepId, actorId, itemChanges);
    await insertEvents(tx, scope, patientId, actorId, [
      { hepItemId: hepId, kind: 'changed', before: itemState(item), after },
    ]);
    await writeAudit(
      tx,
      ctx.meta,
      audit(ctx, scope, patientId, 'hep.update', { hep_id: hepId, ...changes }),
    );
  });
  const row = activeItemOf(await findItem(ctx.db, scope, hepId), patientId);
  return toHepItem(row, await itemPosition(ctx.db, scope, row));
}

export async function removeFromProgram(
  ctx: AuthedCtx,
  patientId: number,
  hepIds: number[],
): Promise<Program> {
  const scope = clinicScope(ctx);
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  await assertDirectChange(ctx, scope);
  const actorId = ctx.caller.user.id;
  await ctx.db.transaction(async (tx) => {
    await lockProgram(tx, scope, patientId);
    const found = new Map((await findItems(tx, scope, hepIds)).map((item) => [item.id, item]));
    const items = hepIds.map((id) => {
      const item = found.get(id) ?? null;
      if (!item || item.patientId !== patientId || item.deletedAt !== null) {
        throw new AppError('not_found', `Program item ${id} is not in this patient's program`);
      }
      return item;
    });
    const now = ctx.clock.now();
    for (const item of items) {
      await updateItem(tx, scope, item.id, actorId, { deletedAt: now });
    }
    await insertEvents(
      tx,
      scope,
      patientId,
      actorId,
      items.map((item) => ({
        hepItemId: item.id,
        kind: 'removed',
        before: itemState(item),
        after: null,
      })),
    );
    await writeAudit(tx, ctx.meta, audit(ctx, scope, patientId, 'hep.remove', { hep_ids: hepIds }));
  });
  return getProgram(ctx, patientId);
}

/** Puts a removed item back at the end of its program, as it was. */
export async function restoreProgramItem(ctx: AuthedCtx, hepId: number): Promise<Program> {
  const scope = clinicScope(ctx);
  const found = await findItem(ctx.db, scope, hepId);
  if (!found) {
    throw notFound('Program item');
  }
  const patientId = found.patientId;
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  await assertDirectChange(ctx, scope);
  const actorId = ctx.caller.user.id;
  try {
    await ctx.db.transaction(async (tx) => {
      await lockProgram(tx, scope, patientId);
      const item = await findItem(tx, scope, hepId);
      if (!item || item.deletedAt === null) {
        throw new AppError(
          'conflict',
          'This exercise is in the program: there is nothing to restore',
        );
      }
      const { items } = await findProgram(tx, scope, patientId);
      if (items.some((other) => other.videoId === item.videoId)) {
        throw new AppError('conflict', `"${item.videoTitle}" is in the program again already`);
      }
      if (items.length >= HEP_MAX_ITEMS) {
        throw new AppError('rule_violation', `A program holds at most ${HEP_MAX_ITEMS} exercises`);
      }
      const order = (await lastOrder(tx, scope, patientId)) + 1;
      await updateItem(tx, scope, hepId, actorId, { deletedAt: null, order });
      await insertEvents(tx, scope, patientId, actorId, [
        { hepItemId: hepId, kind: 'restored', before: null, after: itemState({ ...item, order }) },
      ]);
      await writeAudit(
        tx,
        ctx.meta,
        audit(ctx, scope, patientId, 'hep.restore', { hep_id: hepId }),
      );
    });
  } catch (error) {
    throw uniqueVideoConflict(error) ?? error;
  }
  return getProgram(ctx, patientId);
}

/** Orders one patient's program; a list made from a stale program moves nothing (409). */
export async function setProgramOrder(ctx: AuthedCtx, hepIds: number[]): Promise<Program> {
  const scope = clinicScope(ctx);
  const found = await findItems(ctx.db, scope, hepIds);
  const missing = hepIds.find((id) => !found.some((item) => item.id === id));
  if (missing !== undefined) {
    throw new AppError('not_found', `Program item ${missing} not found`);
  }
  const patientIds = new Set(found.map((item) => item.patientId));
  if (patientIds.size > 1) {
    throw new AppError(
      'rule_violation',
      "The items are of several patients' programs: order one program at a time",
    );
  }
  const [patientId] = [...patientIds] as [number];
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  await assertDirectChange(ctx, scope);
  const actorId = ctx.caller.user.id;
  await ctx.db.transaction(async (tx) => {
    await lockProgram(tx, scope, patientId);
    const { items } = await findProgram(tx, scope, patientId);
    const stale = staleOrderReason(
      items.map((item) => item.id),
      hepIds,
    );
    if (stale) {
      throw new AppError('conflict', `${stale}. Reload the program and try again.`);
    }
    await applyOrder(tx, scope, patientId, actorId, items, hepIds);
    await writeAudit(
      tx,
      ctx.meta,
      audit(ctx, scope, patientId, 'hep.reorder', { hep_ids: hepIds }),
    );
  });
  return getProgram(ctx, patientId);
}

export async function itemHistory(ctx: AuthedCtx, hepId: number): Promise<HepItemHistory> {
  const scope = clinicScope(ctx);
  const item = await findItem(ctx.db, scope, hepId);
  if (!item) {
    throw notFound('Program item');
  }
  const events = await findItemEvents(ctx.db, scope, hepId);
  await ctx.audit.recordRead(
    ctx.meta,
    audit(ctx, scope, item.patientId, 'hep.history', { hep_id: hepId }),
  );
  return {
    hep_id: hepId,
    patient_id: item.patientId,
    video: toHepVideo(item),
    events: events.map(toHepEvent),
  };
}

export async function programHistory(
  ctx: AuthedCtx,
  patientId: number,
  page: number,
): Promise<{ results: ProgramEvent[]; count: number }> {
  const scope = clinicScope(ctx);
  await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  const { rows, count } = await findProgramEvents(ctx.db, scope, patientId, page);
  await ctx.audit.recordRead(ctx.meta, audit(ctx, scope, patientId, 'hep.history', { page }));
  return {
    results: rows.map((row) => ({
      ...toHepEvent(row),
      video: toHepVideo(row),
      ...(row.kind === 'reordered' ? { shifted: row.shifted } : {}),
    })),
    count,
  };
}

/** A therapist marks a patient's question answered (answering twice changes nothing). */
export async function resolvePatientRequest(
  ctx: AuthedCtx,
  id: number,
): Promise<PatientHepRequest> {
  const scope = clinicScope(ctx);
  const question = await findPatientRequest(ctx.db, scope, id);
  if (!question) {
    throw notFound('Question');
  }
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, question.patientId);
  const row = await resolvePatientRequestRow(ctx.db, scope, id, ctx.caller.user.id);
  if (!row) {
    throw notFound('Question');
  }
  await writeAudit(
    ctx.db,
    ctx.meta,
    audit(ctx, scope, row.patientId, 'hep.question_resolved', { id }),
  );
  return toPatientHepRequest(row);
}
