/**
 * Approval requests of program changes (issue 12, decision 007) and who needs one: a supervisor's
 * queue and its decisions, and the clinic setting and personal override that decide whether a
 * change waits. Every function takes the caller's clinic.
 */
import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { ApprovalRequestStatus } from '@homestretch/contract/hep/approval-request';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  type ProposedProgramEntry,
  clinics,
  hepApprovalRequests,
  patients,
  users,
} from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const requestColumns = {
  id: hepApprovalRequests.id,
  patientId: hepApprovalRequests.patientId,
  status: hepApprovalRequests.status,
  hepData: hepApprovalRequests.hepData,
  decidedData: hepApprovalRequests.decidedData,
  note: hepApprovalRequests.note,
  decisionNote: hepApprovalRequests.decisionNote,
  createdAt: hepApprovalRequests.createdAt,
  decidedAt: hepApprovalRequests.decidedAt,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  patientDiagnosis: patients.diagnosis,
  requesterId: requester.id,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  deciderId: decider.id,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
};

export interface RequestRow {
  id: number;
  patientId: number;
  status: ApprovalRequestStatus;
  hepData: ProposedProgramEntry[];
  decidedData: ProposedProgramEntry[] | null;
  note: string;
  decisionNote: string;
  createdAt: Date;
  decidedAt: Date | null;
  patientFirstName: string;
  patientLastName: string;
  patientDiagnosis: string | null;
  requesterId: number | null;
  requesterFirstName: string | null;
  requesterLastName: string | null;
  deciderId: number | null;
  deciderFirstName: string | null;
  deciderLastName: string | null;
}

const selectRequests = (db: Db) =>
  db
    .select(requestColumns)
    .from(hepApprovalRequests)
    .innerJoin(patients, eq(patients.id, hepApprovalRequests.patientId))
    .leftJoin(requester, eq(requester.id, hepApprovalRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, hepApprovalRequests.decidedBy));

export async function findRequest(
  db: Db,
  scope: ClinicScope,
  id: number,
): Promise<RequestRow | null> {
  const [row] = await selectRequests(db)
    .where(and(eq(hepApprovalRequests.id, id), eq(hepApprovalRequests.clinicId, scope.clinicId)))
    .limit(1);
  return row ?? null;
}

/** The request waiting on a patient's program, if any. */
export async function findPendingRequest(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<RequestRow | null> {
  const [row] = await selectRequests(db)
    .where(
      and(
        eq(hepApprovalRequests.clinicId, scope.clinicId),
        eq(hepApprovalRequests.patientId, patientId),
        eq(hepApprovalRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The request waiting on a patient's program and the last decided one (superseded ones were
 * never decided), in one read: the waiting one sorts first, then decisions newest first.
 */
export async function findOpenAndLastDecided(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<{ pending: RequestRow | null; decided: RequestRow | null }> {
  const rows = await selectRequests(db)
    .where(
      and(
        eq(hepApprovalRequests.clinicId, scope.clinicId),
        eq(hepApprovalRequests.patientId, patientId),
        inArray(hepApprovalRequests.status, [
          'pending',
          'approved',
          'approved_with_changes',
          'declined',
        ]),
      ),
    )
    .orderBy(
      sql`${hepApprovalRequests.status} = 'pending' desc`,
      sql`${hepApprovalRequests.decidedAt} desc nulls last`,
    )
    .limit(2);
  return {
    pending: rows.find((row) => row.status === 'pending') ?? null,
    decided: rows.find((row) => row.status !== 'pending') ?? null,
  };
}

/** Supersedes the patient's pending request, if any, and stores the new one. */
export async function insertRequest(
  tx: Db,
  scope: ClinicScope,
  patientId: number,
  requestedBy: number,
  request: { hepData: ProposedProgramEntry[]; note: string },
): Promise<number> {
  await tx
    .update(hepApprovalRequests)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(hepApprovalRequests.clinicId, scope.clinicId),
        eq(hepApprovalRequests.patientId, patientId),
        eq(hepApprovalRequests.status, 'pending'),
      ),
    );
  const rows = await tx
    .insert(hepApprovalRequests)
    .values({ clinicId: scope.clinicId, patientId, requestedBy, ...request })
    .returning({ id: hepApprovalRequests.id });
  return onlyRow(rows, 'insert hepApprovalRequests').id;
}

/** The request's status, read under a row lock: one decision wins. */
export async function lockRequest(
  tx: Db,
  scope: ClinicScope,
  id: number,
): Promise<{ status: ApprovalRequestStatus; patientId: number } | null> {
  const [row] = await tx
    .select({ status: hepApprovalRequests.status, patientId: hepApprovalRequests.patientId })
    .from(hepApprovalRequests)
    .where(and(eq(hepApprovalRequests.id, id), eq(hepApprovalRequests.clinicId, scope.clinicId)))
    .for('update');
  return row ?? null;
}

export async function decideRequest(
  tx: Db,
  scope: ClinicScope,
  id: number,
  decision: {
    status: ApprovalRequestStatus;
    decidedBy: number;
    decidedData: ProposedProgramEntry[] | null;
    decisionNote: string;
  },
): Promise<void> {
  await tx
    .update(hepApprovalRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(hepApprovalRequests.id, id), eq(hepApprovalRequests.clinicId, scope.clinicId)));
}

/** A page of the clinic's requests of one status: pending oldest first, others newest first. */
export async function listRequests(
  db: Db,
  scope: ClinicScope,
  status: ApprovalRequestStatus,
  page: number,
  /** Only the requests of these people (a supervisor's team); every one of the clinic when absent. */
  requestedBy?: readonly number[],
): Promise<{ rows: RequestRow[]; count: number; pending: number }> {
  const ofClinic = and(
    eq(hepApprovalRequests.clinicId, scope.clinicId),
    requestedBy ? inArray(hepApprovalRequests.requestedBy, [...requestedBy]) : undefined,
  );
  const [rows, counts] = await Promise.all([
    selectRequests(db)
      .where(and(ofClinic, eq(hepApprovalRequests.status, status)))
      .orderBy(
        status === 'pending'
          ? asc(hepApprovalRequests.createdAt)
          : desc(sql`coalesce(${hepApprovalRequests.decidedAt}, ${hepApprovalRequests.createdAt})`),
        asc(hepApprovalRequests.id),
      )
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db
      .select({
        status: hepApprovalRequests.status,
        count: count(),
      })
      .from(hepApprovalRequests)
      .where(
        and(
          ofClinic,
          or(eq(hepApprovalRequests.status, status), eq(hepApprovalRequests.status, 'pending')),
        ),
      )
      .groupBy(hepApprovalRequests.status),
  ]);
  const countOf = (wanted: ApprovalRequestStatus) =>
    Number(counts.find((row) => row.status === wanted)?.count ?? 0);
  return { rows, count: countOf(status), pending: countOf('pending') };
}

// Who needs approval.

export async function clinicSettings(db: Db, scope: ClinicScope): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ settings: clinics.settings })
    .from(clinics)
    .where(eq(clinics.id, scope.clinicId));
  return row?.settings ?? {};
}

/** A person's own approval status and their clinic's settings, in one read. */
export async function findApprovalSettings(
  db: Db,
  scope: ClinicScope,
  userId: number,
): Promise<{ hepApproval: 'required' | 'not_required' | null; settings: Record<string, unknown> }> {
  const [row] = await db
    .select({ hepApproval: users.hepApproval, settings: clinics.settings })
    .from(clinics)
    .leftJoin(users, and(eq(users.id, userId), eq(users.clinicId, clinics.id)))
    .where(eq(clinics.id, scope.clinicId));
  return { hepApproval: row?.hepApproval ?? null, settings: row?.settings ?? {} };
}
