import { type SQL, and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ApprovalStatus } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import { patientTherapists, patients, users } from '../../db/schema';
import { canTreatPatients } from '../users/users.api';
import type { ClinicScope } from '../../platform/context';

export interface StaffRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: (typeof users.$inferSelect)['role'];
  lastLogin: Date | null;
  patientCount: number;
  approvalStatus: ApprovalStatus;
  canTreat: boolean;
}

/** Active staff accounts of the clinic (never patients), with the active patients each treats. */
async function selectStaff(db: Db, scope: ClinicScope, extra?: SQL): Promise<StaffRow[]> {
  const counts = db
    .select({
      userId: patientTherapists.userId,
      count: sql<number>`count(*)::int`.as('patient_count'),
    })
    .from(patientTherapists)
    .innerJoin(patients, eq(patients.id, patientTherapists.patientId))
    .where(and(eq(patientTherapists.clinicId, scope.clinicId), eq(patients.status, 'active')))
    .groupBy(patientTherapists.userId)
    .as('counts');
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      lastLogin: users.lastLogin,
      patientCount: sql<number>`coalesce(${counts.count}, 0)`,
      approvalStatus: users.approvalStatus,
      canTreat: canTreatPatients,
    })
    .from(users)
    .leftJoin(counts, eq(counts.userId, users.id))
    .where(
      and(
        eq(users.clinicId, scope.clinicId),
        ne(users.role, 'patient'),
        isNull(users.deactivatedAt),
        extra,
      ),
    );
  return rows.map((row) => ({ ...row, patientCount: Number(row.patientCount) }));
}

/**
 * Every active staff account of the clinic with the number of active patients each treats.
 * A clinic's staff is tens of people, so the list is filtered and paged in the service.
 */
export function listClinicStaff(db: Db, scope: ClinicScope): Promise<StaffRow[]> {
  return selectStaff(db, scope);
}

/** One active staff member of the clinic; another clinic's account, or a patient, is not found. */
export async function findClinicStaffMember(
  db: Db,
  scope: ClinicScope,
  userId: number,
): Promise<StaffRow | undefined> {
  const [row] = await selectStaff(db, scope, eq(users.id, userId));
  return row;
}

export async function updateApprovalStatus(
  db: Db,
  scope: ClinicScope,
  userId: number,
  status: ApprovalStatus,
): Promise<void> {
  await db
    .update(users)
    .set({ approvalStatus: status })
    .where(and(eq(users.id, userId), eq(users.clinicId, scope.clinicId)));
}
