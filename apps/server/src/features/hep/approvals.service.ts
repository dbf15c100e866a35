/**
 * Program approval (issue 12, spec §3 HEP approval request, §6 supervisors): a remote PT's
 * change is a proposed program that waits; a supervisor approves it as sent or with changes, or
 * declines it, and only an approval changes the patient's program, each change recorded with
 * the request's id. Supervisors also set per therapist whether their changes wait.
 */
import type {
  ApprovalRequestDetails,
  ApprovalRequestSummary,
  CreateApprovalRequestBodySchema,
  DecideApprovalBodySchema,
  PendingApproval,
} from '@homestretch/contract/hep/approval-request';
import type {
  SetTherapistApprovalBodySchema,
  SupervisorApprovals,
  SupervisorApprovalsQuerySchema,
  TherapistApproval,
} from '@homestretch/contract/hep/supervisor-approvals';
import type { z } from 'zod';
import type { ProposedProgramEntry } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import { requireReadablePatient, requireTreatedPatient } from '../patients/patients.api';
import { listQueueOwners, listTeam } from '../supervisors/supervisors.api';
import {
  asCurrentItem,
  proposedEntries,
  toHepItem,
  toProposedEntries,
  toRequestSummary,
} from './hep-dto';
import {
  approvalRoles,
  byOrder,
  inProposedOrder,
  itemState,
  movedOnPurpose,
  needsApproval,
  planApproval,
  proposedHold,
  sameProposal,
  therapistApprovalStatus,
} from './hep-rules';
import type { HepVideoRow } from './hep-video';
import { checkEntryVideos } from './hep.service';
import {
  type ItemRow,
  type NewEvent,
  findHepVideos,
  findProgram,
  findProgramAsOf,
  findPrograms,
  insertEvents,
  insertItem,
  lockProgram,
  setItemOrders,
  updateItem,
} from './hep.repo';
import {
  type RequestRow,
  clinicSettings,
  decideRequest,
  findPendingRequest,
  findRequest,
  insertRequest,
  listRequests,
  lockRequest,
} from './approvals.repo';
import {
  type StaffApprovalRow,
  findStaffApproval,
  listTreatingStaff,
  setUserApproval,
} from '../users/users.api';

type Entries = z.output<typeof CreateApprovalRequestBodySchema>['hep_data'];

/** The contract's entries as stored: notes and folders filled in. */
function storedEntries(
  entries: Entries,
  folderNames: ReadonlyMap<number, string>,
): ProposedProgramEntry[] {
  return inProposedOrder(
    entries.map((entry) => ({
      video_id: entry.video_id,
      sets: entry._sets,
      reps: entry._reps,
      ...(entry.hold_seconds !== undefined && { hold_seconds: entry.hold_seconds }),
      order: entry.order,
      folder_id: entry.folder_id ?? null,
      folder_name: entry.folder_id
        ? (entry.folder_name ?? folderNames.get(entry.folder_id) ?? null)
        : (entry.folder_name ?? null),
      description: entry.description ?? '',
    })),
  );
}

/**
 * Checks a proposal's videos: the library's or the catalogue's, or already in the program. Its
 * folders are ones the caller sees, or ones the program or the request being decided (`requested`)
 * showed them already: a supervisor keeps the remote PT's private folder on the entries they
 * correct without being shown any other.
 */
async function checkedEntries(
  ctx: AuthedCtx,
  scope: ClinicScope,
  patientId: number,
  entries: Entries,
  requested: readonly ProposedProgramEntry[] = [],
): Promise<ProposedProgramEntry[]> {
  const { items } = await findProgram(ctx.db, scope, patientId);
  const shown = new Map<number, string>();
  for (const { folderId, folderName } of items) {
    if (folderId !== null && folderName !== null) {
      shown.set(folderId, folderName);
    }
  }
  for (const entry of requested) {
    if (entry.folder_id !== null && entry.folder_name !== null) {
      shown.set(entry.folder_id, entry.folder_name);
    }
  }
  const { folderNames } = await checkEntryVideos(
    ctx,
    scope,
    entries,
    new Set(items.map((item) => item.videoId)),
    shown,
  );
  return storedEntries(entries, folderNames);
}

/**
 * The program a request is judged against: now while it waits (what approving will do), and
 * as it stood when it was sent once decided (what it asked to change).
 */
async function baseProgram(
  ctx: AuthedCtx,
  scope: ClinicScope,
  row: RequestRow,
): Promise<ItemRow[]> {
  if (row.status === 'pending') {
    return (await findProgram(ctx.db, scope, row.patientId)).items;
  }
  return findProgramAsOf(ctx.db, scope, row.patientId, row.createdAt);
}

/** A request against the program it changes: what it proposes, and what it would remove. */
function requestView(
  row: RequestRow,
  items: readonly ItemRow[],
  videosById: ReadonlyMap<number, HepVideoRow>,
): ApprovalRequestDetails {
  const entries = proposedEntries(row);
  const proposed = toProposedEntries(entries, videosById, items);
  const wanted = new Set(entries.map((entry) => entry.video_id));
  const removed = byOrder(items).filter((item) => !wanted.has(item.videoId));
  return {
    ...toRequestSummary(row, proposed, removed.length),
    proposed,
    removed: removed.map((item) => toHepItem(item)),
    current: byOrder(items).map((item, index) => toHepItem(item, index + 1)),
  };
}

async function details(
  ctx: AuthedCtx,
  scope: ClinicScope,
  row: RequestRow,
): Promise<ApprovalRequestDetails> {
  const [items, videosById] = await Promise.all([
    baseProgram(ctx, scope, row),
    findHepVideos(
      ctx.db,
      scope,
      proposedEntries(row).map((entry) => entry.video_id),
    ),
  ]);
  return requestView(row, items, videosById);
}

/**
 * A queue page's summaries. The programs now of its waiting requests and the videos of them all
 * are read at once, not twice per row (issue 30, item 11); a decided request is read against its
 * program as it stood then.
 */
async function summaries(
  ctx: AuthedCtx,
  scope: ClinicScope,
  rows: readonly RequestRow[],
): Promise<ApprovalRequestSummary[]> {
  const waiting = rows.filter((row) => row.status === 'pending');
  const [programs, videosById, decided] = await Promise.all([
    findPrograms(ctx.db, scope, [...new Set(waiting.map((row) => row.patientId))]),
    findHepVideos(ctx.db, scope, [
      ...new Set(rows.flatMap((row) => proposedEntries(row).map((entry) => entry.video_id))),
    ]),
    Promise.all(
      rows
        .filter((row) => row.status !== 'pending')
        .map(async (row) => [row.id, await baseProgram(ctx, scope, row)] as const),
    ),
  ]);
  const asOf = new Map(decided);
  return rows.map((row) => {
    const items = asOf.get(row.id) ?? programs.get(row.patientId) ?? [];
    const {
      proposed: _p,
      removed: _r,
      current: _c,
      ...summary
    } = requestView(row, items, videosById);
    return summary;
  });
}

/** A request of the clinic about a patient the caller reads (a supervisor: of their team), or 404. */
async function requestOf(ctx: AuthedCtx, scope: ClinicScope, id: number): Promise<RequestRow> {
  const row = await findRequest(ctx.db, scope, id);
  if (!row) {
    throw notFound('Approval request');
  }
  await requireReadablePatient(ctx.db, scope, ctx.caller.user, row.patientId);
  return row;
}

/** A proposed program, waiting for a supervisor; a request already waiting is superseded. */
export async function createApprovalRequest(
  ctx: AuthedCtx,
  patientId: number,
  body: z.output<typeof CreateApprovalRequestBodySchema>,
): Promise<ApprovalRequestDetails> {
  const scope = clinicScope(ctx);
  if (body.dashboard !== patientId) {
    throw new AppError('rule_violation', 'dashboard must name the patient of the address', {
      dashboard: `Expected ${patientId}`,
    });
  }
  await requireTreatedPatient(ctx.db, scope, ctx.caller.user, patientId);
  const entries = await checkedEntries(ctx, scope, patientId, body.hep_data);
  const id = await ctx.db.transaction(async (tx) => {
    await lockProgram(tx, scope, patientId);
    const requestId = await insertRequest(tx, scope, patientId, ctx.caller.user.id, {
      hepData: entries,
      note: body.note ?? '',
    });
    await writeAudit(tx, ctx.meta, {
      action: 'hep.approval_requested',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId,
      targetType: 'hep_approval_request',
      targetId: requestId,
    });
    return requestId;
  });
  return details(ctx, scope, await requestOf(ctx, scope, id));
}

export async function approvalRequestDetails(
  ctx: AuthedCtx,
  id: number,
): Promise<ApprovalRequestDetails> {
  const scope = clinicScope(ctx);
  const row = await requestOf(ctx, scope, id);
  await ctx.audit.recordRead(ctx.meta, {
    action: 'hep.approval_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId: row.patientId,
    targetType: 'hep_approval_request',
    targetId: id,
  });
  return details(ctx, scope, row);
}

const DECIDED_WORDS = {
  approved: 'approved',
  approved_with_changes: 'approved',
  declined: 'declined',
  superseded: 'replaced by a newer request',
} as const;

/**
 * Decides a waiting request. Accepting makes the patient's program the proposal (or the
 * supervisor's corrected version) in one transaction: removed, added and changed items each
 * recorded with the request's id and the supervisor as who changed it.
 */
export async function decideApprovalRequest(
  ctx: AuthedCtx,
  id: number,
  body: z.output<typeof DecideApprovalBodySchema>,
): Promise<ApprovalRequestDetails> {
  const scope = clinicScope(ctx);
  const row = await requestOf(ctx, scope, id);
  const corrected = body.hep_data
    ? await checkedEntries(ctx, scope, row.patientId, body.hep_data, proposedEntries(row))
    : null;
  const actorId = ctx.caller.user.id;
  try {
    await ctx.db.transaction(async (tx) => {
      await lockProgram(tx, scope, row.patientId);
      const locked = await lockRequest(tx, scope, id);
      if (!locked) {
        throw notFound('Approval request');
      }
      if (locked.status !== 'pending') {
        throw new AppError('conflict', `This request was ${DECIDED_WORDS[locked.status]} already`);
      }
      let changed = false;
      if (body.action === 'decline') {
        await decideRequest(tx, scope, id, {
          status: 'declined',
          decidedBy: actorId,
          decidedData: null,
          decisionNote: body.note ?? '',
        });
      } else {
        const { items } = await findProgram(tx, scope, row.patientId);
        changed =
          corrected !== null && !sameProposal(corrected, row.hepData, items.map(asCurrentItem));
        await applyProposal(
          tx,
          scope,
          { patientId: row.patientId, items },
          { actorId, requestId: id, now: ctx.clock.now() },
          corrected ?? row.hepData,
        );
        await decideRequest(tx, scope, id, {
          status: changed ? 'approved_with_changes' : 'approved',
          decidedBy: actorId,
          decidedData: changed ? corrected : null,
          decisionNote: body.note ?? '',
        });
      }
      await writeAudit(tx, ctx.meta, {
        action: body.action === 'decline' ? 'hep.approval_declined' : 'hep.approval_accepted',
        clinicId: scope.clinicId,
        actorUserId: actorId,
        patientId: row.patientId,
        targetType: 'hep_approval_request',
        targetId: id,
        details: { with_changes: changed },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'hep_items_patient_video_key')) {
      throw new AppError('conflict', 'The program changed while approving: open the request again');
    }
    throw error;
  }
  return details(ctx, scope, await requestOf(ctx, scope, id));
}

/**
 * Makes the program the approved entries. Items whose dose, notes or folder change, and those
 * added or removed, are stamped as changed by the supervisor on this request (the program then
 * names who proposed it too); an item that only changes place is moved without a stamp, and the
 * places shifted are one line of the history, as a reorder's are (applyOrder in hep.service.ts).
 */
async function applyProposal(
  tx: AuthedCtx['db'],
  scope: ClinicScope,
  { patientId, items }: { patientId: number; items: readonly ItemRow[] },
  { actorId, requestId, now }: { actorId: number; requestId: number; now: Date },
  entries: readonly ProposedProgramEntry[],
): Promise<void> {
  const plan = planApproval(items.map(asCurrentItem), entries);
  for (const item of plan.remove) {
    await updateItem(tx, scope, item.id, actorId, { deletedAt: now }, requestId);
  }
  const events: NewEvent[] = plan.remove.map((item) => ({
    hepItemId: item.id,
    kind: 'removed',
    before: itemState(item),
    after: null,
    approvalRequestId: requestId,
  }));
  const moves: NewEvent[] = [];
  for (const { item, entry } of plan.change) {
    const holdSeconds = proposedHold(entry, item);
    const event: NewEvent = {
      hepItemId: item.id,
      kind: 'changed',
      before: itemState(item),
      after: itemState({ ...entry, holdSeconds }),
      approvalRequestId: requestId,
    };
    const placeOnly =
      item.sets === entry.sets &&
      item.reps === entry.reps &&
      item.holdSeconds === holdSeconds &&
      item.description === entry.description &&
      item.folderId === entry.folder_id &&
      item.folderName === entry.folder_name;
    if (placeOnly) {
      await setItemOrders(tx, scope, [{ id: item.id, to: entry.order }]);
      moves.push({ ...event, kind: 'reordered' });
      continue;
    }
    await updateItem(
      tx,
      scope,
      item.id,
      actorId,
      {
        sets: entry.sets,
        reps: entry.reps,
        holdSeconds,
        order: entry.order,
        description: entry.description,
        folderId: entry.folder_id,
        folderName: entry.folder_name,
      },
      requestId,
    );
    events.push(event);
  }
  for (const entry of plan.add) {
    const item = {
      videoId: entry.video_id,
      sets: entry.sets,
      reps: entry.reps,
      holdSeconds: proposedHold(entry, undefined),
      order: entry.order,
      folderId: entry.folder_id,
      folderName: entry.folder_name,
      description: entry.description,
    };
    const hepItemId = await insertItem(tx, scope, patientId, actorId, item, requestId);
    events.push({
      hepItemId,
      kind: 'added',
      before: null,
      after: itemState(item),
      approvalRequestId: requestId,
    });
  }
  const [first] = await insertEvents(tx, scope, patientId, actorId, events);
  await insertMoves(tx, scope, patientId, actorId, moves, {
    kept: items.filter((item) => !plan.remove.includes(item)),
    order: inProposedOrder(entries).map((entry) => entry.video_id),
    partOf: first ?? null,
  });
}

/**
 * The places an approval shifts, as one line: the item the supervisor's order moves on purpose
 * stands for them, or, when they only make room for what was added or removed, they are part
 * of that change.
 */
async function insertMoves(
  tx: AuthedCtx['db'],
  scope: ClinicScope,
  patientId: number,
  actorId: number,
  moves: readonly NewEvent[],
  { kept, order, partOf }: { kept: readonly ItemRow[]; order: number[]; partOf: number | null },
): Promise<void> {
  if (moves.length === 0) {
    return;
  }
  const idOfVideo = new Map(kept.map((item) => [item.videoId, item.id]));
  const moved = new Set(
    movedOnPurpose(
      kept,
      order.flatMap((videoId) => idOfVideo.get(videoId) ?? []),
    ),
  );
  const lead =
    moves.find((move) => moved.has(move.hepItemId)) ?? (partOf === null ? moves[0] : undefined);
  const [leadId] = lead ? await insertEvents(tx, scope, patientId, actorId, [lead]) : [];
  await insertEvents(
    tx,
    scope,
    patientId,
    actorId,
    moves.filter((move) => move !== lead).map((move) => ({ ...move, partOf: leadId ?? partOf })),
  );
}

/** The proposal waiting on a patient's program, by library folder in program order (spec §7). */
export async function pendingApproval(ctx: AuthedCtx, patientId: number): Promise<PendingApproval> {
  const scope = clinicScope(ctx);
  await requireReadablePatient(ctx.db, scope, ctx.caller.user, patientId);
  const row = await findPendingRequest(ctx.db, scope, patientId);
  // The proposed program is the patient's: reading it, or that none waits, is a read of it.
  await ctx.audit.recordRead(ctx.meta, {
    action: 'hep.approval_read',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    patientId,
    targetType: 'hep_approval_request',
    ...(row ? { targetId: row.id } : {}),
    details: { pending: true },
  });
  if (!row) {
    return { request: null, grouped_videos: [] };
  }
  const view = await details(ctx, scope, row);
  const groups: PendingApproval['grouped_videos'] = [];
  for (const entry of view.proposed) {
    const last = groups.at(-1);
    if (last && last.folder_id === entry.folder_id && last.folder_name === entry.folder_name) {
      last.videos.push(entry);
    } else {
      groups.push({ folder_id: entry.folder_id, folder_name: entry.folder_name, videos: [entry] });
    }
  }
  const { proposed: _proposed, removed: _removed, current: _current, ...request } = view;
  return { request, grouped_videos: groups };
}

function toTherapistApproval(
  row: StaffApprovalRow,
  roles: Parameters<typeof needsApproval>[1],
): TherapistApproval {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    status: therapistApprovalStatus(row.hepApproval),
    needs_approval: needsApproval(row, roles),
  };
}

/**
 * Whose requests a caller's queue holds, and whose approval settings it shows: a supervisor to
 * whom the administrator assigned therapists sees their team's settings (spec §6) and requests,
 * and the requests of therapists assigned to nobody, which would otherwise wait where no
 * supervisor looks; one with none assigned, and the administrator, the clinic's (undefined).
 */
async function queueOwners(
  ctx: AuthedCtx,
  scope: ClinicScope,
): Promise<{ requesters?: number[]; team?: number[] }> {
  if (ctx.caller.user.role !== 'supervisor') {
    return {};
  }
  const team = await listTeam(ctx.db, scope, ctx.caller.user.id);
  if (team.length === 0) {
    return {};
  }
  return {
    requesters: await listQueueOwners(ctx.db, scope, ctx.caller.user.id),
    team: team.map((person) => person.id),
  };
}

/** A supervisor's queue (spec §7 GET /clinic/supervisor/approval) and who needs approval. */
export async function supervisorApprovals(
  ctx: AuthedCtx,
  query: z.output<typeof SupervisorApprovalsQuerySchema>,
): Promise<SupervisorApprovals> {
  const scope = clinicScope(ctx);
  const { requesters, team } = await queueOwners(ctx, scope);
  const [page, staff, settings] = await Promise.all([
    listRequests(ctx.db, scope, query.status, query.page, requesters),
    listTreatingStaff(ctx.db, scope, team),
    clinicSettings(ctx.db, scope),
  ]);
  const results = await summaries(ctx, scope, page.rows);
  // The queue names patients and their proposed programs: audited like a roster view.
  await ctx.audit.recordRead(ctx.meta, {
    action: 'hep.approvals_listed',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    details: {
      status: query.status,
      page: query.page,
      patient_ids: page.rows.map((row) => row.patientId),
    },
  });
  const roles = approvalRoles(settings);
  return {
    results,
    count: page.count,
    pending_count: page.pending,
    therapists: staff.map((row) => toTherapistApproval(row, roles)),
  };
}

/** spec §6 "set approval status per therapist" (404 for anyone not treating in the clinic). */
export async function setTherapistApproval(
  ctx: AuthedCtx,
  body: z.output<typeof SetTherapistApprovalBodySchema>,
): Promise<TherapistApproval> {
  const scope = clinicScope(ctx);
  const found = await findStaffApproval(ctx.db, scope, body.user_id);
  if (!found) {
    throw notFound('Therapist');
  }
  const hepApproval = body.status === 'role_default' ? null : body.status;
  await ctx.db.transaction(async (tx) => {
    await setUserApproval(tx, scope, body.user_id, hepApproval);
    await writeAudit(tx, ctx.meta, {
      action: 'hep.approval_status_set',
      clinicId: scope.clinicId,
      actorUserId: ctx.caller.user.id,
      targetType: 'user',
      targetId: body.user_id,
      details: { status: body.status },
    });
  });
  const roles = approvalRoles(await clinicSettings(ctx.db, scope));
  return toTherapistApproval({ ...found, hepApproval }, roles);
}
