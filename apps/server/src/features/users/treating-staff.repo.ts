/**
 * The clinic's treating staff as program approval sees them (issue 12, decision 007): who may
 * need a supervisor's approval, and each one's own setting.
 */
import type { Role } from '@homestretch/contract/common/enums';
import { TREATING_ROLES } from '@homestretch/contract/common/enums';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';

export interface StaffApprovalRow {
  id: number;
  firstName: string;
  lastName: string;
  role: Role;
  hepApproval: 'required' | 'not_required' | null;
}

const staffApprovalColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  hepApproval: users.hepApproval,
};

const treatingStaff = (scope: ClinicScope) =>
  and(
    eq(users.clinicId, scope.clinicId),
    inArray(
      users.role,
      [...TREATING_ROLES].filter((role) => role !== 'admin'),
    ),
    eq(users.approvalStatus, 'approved'),
    isNull(users.deactivatedAt),
  );

/** The clinic's therapists and remote PTs, whose changes may need approval, by name. */
export async function listTreatingStaff(
  db: Db,
  scope: ClinicScope,
  /** Only these people (a supervisor's team); the whole clinic's when absent. */
  only?: readonly number[],
): Promise<StaffApprovalRow[]> {
  return db
    .select(staffApprovalColumns)
    .from(users)
    .where(and(treatingStaff(scope), only ? inArray(users.id, [...only]) : undefined))
    .orderBy(asc(users.sortName), asc(users.id));
}

export async function findStaffApproval(
  db: Db,
  scope: ClinicScope,
  userId: number,
): Promise<StaffApprovalRow | null> {
  const [row] = await db
    .select(staffApprovalColumns)
    .from(users)
    .where(and(eq(users.id, userId), treatingStaff(scope)));
  return row ?? null;
}

export async function setUserApproval(
  db: Db,
  scope: ClinicScope,
  userId: number,
  hepApproval: 'required' | 'not_required' | null,
): Promise<void> {
  await db
    .update(users)
    .set({ hepApproval })
    .where(and(eq(users.id, userId), eq(users.clinicId, scope.clinicId)));
}
