/**
 * The program's queries (issue 12): items with their videos, their change events and the
 * patient's questions (approval requests: approvals.repo.ts). Every function takes the caller's
 * clinic.
 */
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { HepEventKind, HepItemState } from '@homestretch/contract/hep/history';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  hepApprovalRequests,
  hepItemEvents,
  hepItems,
  hepPatientRequests,
  patients,
  users,
  videos,
} from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { type HepVideoRow, hepVideoColumns } from './hep-video';

export interface PersonNames {
  id: number;
  firstName: string;
  lastName: string;
}

const updater = alias(users, 'updater');
const itemRequest = alias(hepApprovalRequests, 'item_request');
const proposer = alias(users, 'proposer');

const itemColumns = {
  id: hepItems.id,
  patientId: hepItems.patientId,
  sets: hepItems.sets,
  reps: hepItems.reps,
  holdSeconds: hepItems.holdSeconds,
  order: hepItems.order,
  folderId: hepItems.folderId,
  folderName: hepItems.folderName,
  description: hepItems.description,
  createdAt: hepItems.createdAt,
  updatedAt: hepItems.updatedAt,
  deletedAt: hepItems.deletedAt,
  updatedById: updater.id,
  updatedByFirstName: updater.firstName,
  updatedByLastName: updater.lastName,
  proposedById: proposer.id,
  proposedByFirstName: proposer.firstName,
  proposedByLastName: proposer.lastName,
  ...hepVideoColumns,
};

export type ItemRow = HepVideoRow & {
  id: number;
  patientId: number;
  sets: number;
  reps: number;
  holdSeconds: number | null;
  order: number;
  folderId: number | null;
  folderName: string | null;
  description: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  updatedById: number | null;
  updatedByFirstName: string | null;
  updatedByLastName: string | null;
  /** Who proposed the last change, when a supervisor approved it. */
  proposedById: number | null;
  proposedByFirstName: string | null;
  proposedByLastName: string | null;
};

const selectItems = (db: Db) =>
  db
    .select(itemColumns)
    .from(hepItems)
    .innerJoin(videos, eq(videos.id, hepItems.videoId))
    .leftJoin(updater, eq(updater.id, hepItems.updatedBy))
    .leftJoin(itemRequest, eq(itemRequest.id, hepItems.approvalRequestId))
    .leftJoin(proposer, eq(proposer.id, itemRequest.requestedBy));

/** The program now, in order, and the removed items, newest removal first (at most 50). */
export async function findProgram(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<{ items: ItemRow[]; removed: ItemRow[] }> {
  const ofPatient = and(eq(hepItems.clinicId, scope.clinicId), eq(hepItems.patientId, patientId));
  const [items, removed] = await Promise.all([
    selectItems(db)
      .where(and(ofPatient, isNull(hepItems.deletedAt)))
      .orderBy(asc(hepItems.order), asc(hepItems.id)),
    selectItems(db)
      .where(and(ofPatient, isNotNull(hepItems.deletedAt)))
      .orderBy(desc(hepItems.deletedAt), desc(hepItems.id))
      .limit(50),
  ]);
  return { items, removed };
}

/** The programs now of several patients, each in order: a queue page's, in one query. */
export async function findPrograms(
  db: Db,
  scope: ClinicScope,
  patientIds: readonly number[],
): Promise<Map<number, ItemRow[]>> {
  const programs = new Map<number, ItemRow[]>(patientIds.map((id) => [id, []]));
  if (patientIds.length === 0) {
    return programs;
  }
  const rows = await selectItems(db)
    .where(
      and(
        eq(hepItems.clinicId, scope.clinicId),
        inArray(hepItems.patientId, [...patientIds]),
        isNull(hepItems.deletedAt),
      ),
    )
    .orderBy(asc(hepItems.patientId), asc(hepItems.order), asc(hepItems.id));
  for (const row of rows) {
    programs.get(row.patientId)?.push(row);
  }
  return programs;
}

/**
 * The program as it stood at `end`: per item, the state after its last change before then; the
 * items whose last change was a removal (or that did not exist yet) are left out.
 */
export async function findProgramAsOf(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  end: Date,
): Promise<ItemRow[]> {
  const last = db
    .selectDistinctOn([hepItemEvents.hepItemId], {
      hepItemId: hepItemEvents.hepItemId,
      after: hepItemEvents.after,
      at: hepItemEvents.createdAt,
    })
    .from(hepItemEvents)
    .where(
      and(
        eq(hepItemEvents.clinicId, scope.clinicId),
        eq(hepItemEvents.patientId, patientId),
        sql`${hepItemEvents.createdAt} < ${end}`,
      ),
    )
    .orderBy(hepItemEvents.hepItemId, desc(hepItemEvents.id))
    .as('last');
  const rows = await db
    .select({ ...itemColumns, after: last.after, at: last.at })
    .from(last)
    .innerJoin(hepItems, eq(hepItems.id, last.hepItemId))
    .innerJoin(videos, eq(videos.id, hepItems.videoId))
    .leftJoin(updater, eq(updater.id, hepItems.updatedBy))
    .leftJoin(itemRequest, eq(itemRequest.id, hepItems.approvalRequestId))
    .leftJoin(proposer, eq(proposer.id, itemRequest.requestedBy))
    .where(isNotNull(last.after));
  return rows
    .map(({ after, at, ...row }) => {
      // Changes recorded before items had a hold carry none: there was none then.
      const { hold_seconds: holdSeconds = null, ...state } = after as HepItemState;
      return { ...row, ...state, holdSeconds, updatedAt: at, deletedAt: null };
    })
    .sort((a, b) => a.order - b.order || a.id - b.id);
}

export async function findItem(db: Db, scope: ClinicScope, hepId: number): Promise<ItemRow | null> {
  const [row] = await selectItems(db)
    .where(and(eq(hepItems.id, hepId), eq(hepItems.clinicId, scope.clinicId)))
    .limit(1);
  return row ?? null;
}

export async function findItems(db: Db, scope: ClinicScope, ids: number[]): Promise<ItemRow[]> {
  return selectItems(db).where(
    and(inArray(hepItems.id, ids), eq(hepItems.clinicId, scope.clinicId)),
  );
}

/** An item's 1-based place in its program: the items before it in order, plus one. */
export async function itemPosition(
  db: Db,
  scope: ClinicScope,
  item: { id: number; patientId: number; order: number },
): Promise<number> {
  const [row] = await db
    .select({ before: count() })
    .from(hepItems)
    .where(
      and(
        eq(hepItems.clinicId, scope.clinicId),
        eq(hepItems.patientId, item.patientId),
        isNull(hepItems.deletedAt),
        sql`(${hepItems.order}, ${hepItems.id}) < (${item.order}, ${item.id})`,
      ),
    );
  return Number(row?.before ?? 0) + 1;
}

/**
 * Serializes the changes of one patient's program: every write transaction takes this lock
 * first, so two therapists' edits, an approval and a reorder never interleave.
 */
export async function lockProgram(tx: Db, scope: ClinicScope, patientId: number): Promise<void> {
  await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, scope.clinicId), eq(patients.id, patientId)))
    .for('update');
}

export interface NewItem {
  videoId: number;
  sets: number;
  reps: number;
  holdSeconds: number | null;
  order: number;
  folderId: number | null;
  folderName: string | null;
  description: string;
}

export async function insertItem(
  tx: Db,
  scope: ClinicScope,
  patientId: number,
  actorId: number,
  item: NewItem,
  approvalRequestId: number | null = null,
): Promise<number> {
  const rows = await tx
    .insert(hepItems)
    .values({
      clinicId: scope.clinicId,
      patientId,
      ...item,
      createdBy: actorId,
      updatedBy: actorId,
      approvalRequestId,
    })
    .returning({ id: hepItems.id });
  return onlyRow(rows, 'insert hepItems').id;
}

export type ItemChanges = Partial<
  Pick<
    NewItem,
    'sets' | 'reps' | 'holdSeconds' | 'order' | 'description' | 'folderId' | 'folderName'
  >
> & { deletedAt?: Date | null };

/**
 * A change to what the patient is told to do, stamped with who made it and when (the program's
 * "Last changed by"), and the approval request it came from (none for a direct change).
 */
export async function updateItem(
  tx: Db,
  scope: ClinicScope,
  hepId: number,
  actorId: number,
  changes: ItemChanges,
  approvalRequestId: number | null = null,
): Promise<void> {
  await tx
    .update(hepItems)
    .set({ ...changes, updatedBy: actorId, updatedAt: sql`now()`, approvalRequestId })
    .where(and(eq(hepItems.id, hepId), eq(hepItems.clinicId, scope.clinicId)));
}

/**
 * Moves items to new places without stamping them: a place is not a dose, and "Last changed"
 * must keep saying when the sets, reps or notes last changed (issue 30).
 */
export async function setItemOrders(
  tx: Db,
  scope: ClinicScope,
  moves: readonly { id: number; to: number }[],
): Promise<void> {
  for (const move of moves) {
    await tx
      .update(hepItems)
      .set({ order: move.to })
      .where(and(eq(hepItems.id, move.id), eq(hepItems.clinicId, scope.clinicId)));
  }
}

/** The highest order number in the program (0 when empty). */
export async function lastOrder(tx: Db, scope: ClinicScope, patientId: number): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${hepItems.order}), 0)::int` })
    .from(hepItems)
    .where(
      and(
        eq(hepItems.clinicId, scope.clinicId),
        eq(hepItems.patientId, patientId),
        isNull(hepItems.deletedAt),
      ),
    );
  return Number(row?.last ?? 0);
}

export interface NewEvent {
  hepItemId: number;
  kind: HepEventKind;
  before: HepItemState | null;
  after: HepItemState | null;
  approvalRequestId?: number | null;
  /** The event standing for the change this one is part of (schema.ts hepItemEvents.partOf). */
  partOf?: number | null;
}

/** Stores the events in this order and answers their ids, in the same order. */
export async function insertEvents(
  tx: Db,
  scope: ClinicScope,
  patientId: number,
  actorId: number,
  events: NewEvent[],
): Promise<number[]> {
  if (events.length === 0) {
    return [];
  }
  const rows = await tx
    .insert(hepItemEvents)
    .values(
      events.map((event) => ({
        clinicId: scope.clinicId,
        patientId,
        actorUserId: actorId,
        hepItemId: event.hepItemId,
        kind: event.kind,
        before: event.before,
        after: event.after,
        approvalRequestId: event.approvalRequestId ?? null,
        partOf: event.partOf ?? null,
      })),
    )
    .returning({ id: hepItemEvents.id });
  // Identity values are drawn in the order of the rows, so sorting restores it.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const actor = alias(users, 'actor');

const eventColumns = {
  id: hepItemEvents.id,
  hepItemId: hepItemEvents.hepItemId,
  kind: hepItemEvents.kind,
  at: hepItemEvents.createdAt,
  before: hepItemEvents.before,
  after: hepItemEvents.after,
  approvalRequestId: hepItemEvents.approvalRequestId,
  actorId: actor.id,
  actorFirstName: actor.firstName,
  actorLastName: actor.lastName,
};

export interface EventRow {
  id: number;
  hepItemId: number;
  kind: HepEventKind;
  at: Date;
  before: HepItemState | null;
  after: HepItemState | null;
  approvalRequestId: number | null;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
}

/** One item's changes, oldest first. */
export async function findItemEvents(
  db: Db,
  scope: ClinicScope,
  hepId: number,
): Promise<EventRow[]> {
  return db
    .select(eventColumns)
    .from(hepItemEvents)
    .leftJoin(actor, eq(actor.id, hepItemEvents.actorUserId))
    .where(and(eq(hepItemEvents.hepItemId, hepId), eq(hepItemEvents.clinicId, scope.clinicId)))
    .orderBy(asc(hepItemEvents.id));
}

/**
 * A program's changes, newest first (by id: the order they were made), a page at a time: one
 * line per change, the places a reorder shifted counted on the line of the move (`shifted`).
 */
export async function findProgramEvents(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  page: number,
): Promise<{ rows: (EventRow & HepVideoRow & { shifted: number })[]; count: number }> {
  const ofPatient = and(
    eq(hepItemEvents.clinicId, scope.clinicId),
    eq(hepItemEvents.patientId, patientId),
    isNull(hepItemEvents.partOf),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...eventColumns,
        ...hepVideoColumns,
        shifted: sql<number>`(select count(*)::int from ${hepItemEvents} as follower where follower.part_of = ${hepItemEvents.id})`,
      })
      .from(hepItemEvents)
      .innerJoin(hepItems, eq(hepItems.id, hepItemEvents.hepItemId))
      .innerJoin(videos, eq(videos.id, hepItems.videoId))
      .leftJoin(actor, eq(actor.id, hepItemEvents.actorUserId))
      .where(ofPatient)
      .orderBy(desc(hepItemEvents.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ count: count() }).from(hepItemEvents).where(ofPatient),
  ]);
  return { rows, count: Number(total?.count ?? 0) };
}

// ── Folders and the patient's questions ──────────────────────────────────────

const resolver = alias(users, 'resolver');

const patientRequestColumns = {
  id: hepPatientRequests.id,
  patientId: hepPatientRequests.patientId,
  content: hepPatientRequests.content,
  createdAt: hepPatientRequests.createdAt,
  resolvedAt: hepPatientRequests.resolvedAt,
  resolverId: resolver.id,
  resolverFirstName: resolver.firstName,
  resolverLastName: resolver.lastName,
};

export interface PatientRequestRow {
  id: number;
  patientId: number;
  content: string;
  createdAt: Date;
  resolvedAt: Date | null;
  resolverId: number | null;
  resolverFirstName: string | null;
  resolverLastName: string | null;
}

const selectPatientRequests = (db: Db) =>
  db
    .select(patientRequestColumns)
    .from(hepPatientRequests)
    .leftJoin(resolver, eq(resolver.id, hepPatientRequests.resolvedBy));

/** A patient's questions: open ones first, then the answered, newest first (at most 20). */
export async function listPatientRequests(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<PatientRequestRow[]> {
  return selectPatientRequests(db)
    .where(
      and(
        eq(hepPatientRequests.clinicId, scope.clinicId),
        eq(hepPatientRequests.patientId, patientId),
      ),
    )
    .orderBy(sql`${hepPatientRequests.resolvedAt} is not null`, desc(hepPatientRequests.createdAt))
    .limit(20);
}

export async function findPatientRequest(
  db: Db,
  scope: ClinicScope,
  id: number,
): Promise<PatientRequestRow | null> {
  const [row] = await selectPatientRequests(db)
    .where(and(eq(hepPatientRequests.id, id), eq(hepPatientRequests.clinicId, scope.clinicId)))
    .limit(1);
  return row ?? null;
}

export async function resolvePatientRequest(
  db: Db,
  scope: ClinicScope,
  id: number,
  userId: number,
): Promise<PatientRequestRow | null> {
  await db
    .update(hepPatientRequests)
    .set({
      resolvedAt: sql`coalesce(${hepPatientRequests.resolvedAt}, now())`,
      resolvedBy: sql`coalesce(${hepPatientRequests.resolvedBy}, ${userId})`,
    })
    .where(and(eq(hepPatientRequests.id, id), eq(hepPatientRequests.clinicId, scope.clinicId)));
  const [row] = await selectPatientRequests(db)
    .where(and(eq(hepPatientRequests.id, id), eq(hepPatientRequests.clinicId, scope.clinicId)))
    .limit(1);
  return row ?? null;
}

/**
 * These videos as a program shows them: the clinic's own (archived too: a program keeps them)
 * and the catalogue's, with whether each may be added now (in the library and ready to play).
 */
export async function findHepVideos(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<Map<number, HepVideoRow>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select(hepVideoColumns)
    .from(videos)
    .where(
      and(
        inArray(videos.id, ids),
        or(eq(videos.clinicId, scope.clinicId), isNull(videos.clinicId)),
      ),
    );
  return new Map(rows.map((row) => [row.videoId, row]));
}
