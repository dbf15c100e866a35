/**
 * Accounts as several features need them (auth, users, supervisors, admin): lookups and the one
 * mapping from a row to the spec's User shape.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TREATING_ROLES } from '@homestretch/contract/common/enums';
import type { User } from '@homestretch/contract/users/user';
import type { Db } from '../../db/client';
import { clinics, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * Who may be named to treat a patient: a clinician's role, and an approved account (one still
 * waiting cannot open the record; staff approval). The one rule for the staff list's `can_treat`
 * and for the checks of onboarding and change-therapist.
 */
export const canTreatPatients = sql<boolean>`(${inArray(users.role, [...TREATING_ROLES])} and ${eq(users.approvalStatus, 'approved')})`;

export interface AccountRow {
  user: UserRow;
  clinicCode: string | null;
  clinicName: string | null;
}

const accountColumns = { user: users, clinicCode: clinics.code, clinicName: clinics.name };

export function toUserDto(account: AccountRow): User {
  const { user } = account;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    last_login: user.lastLogin?.toISOString() ?? null,
    code: account.clinicCode,
    clinic_name: account.clinicName,
    is_full_service: user.isFullService,
    is_feature_notification_on: user.isFeatureNotificationOn,
    is_new_billing_uploaded: user.isNewBillingUploaded,
    approval_status: user.approvalStatus,
  };
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(clinics, eq(clinics.id, users.clinicId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(clinics, eq(clinics.id, users.clinicId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function listClinicAccountsByRole(
  db: Db,
  clinicId: number,
  role: UserRow['role'],
): Promise<AccountRow[]> {
  return db
    .select(accountColumns)
    .from(users)
    .innerJoin(clinics, eq(clinics.id, users.clinicId))
    .where(
      and(eq(users.clinicId, clinicId), eq(users.role, role), sql`${users.deactivatedAt} is null`),
    )
    .limit(50);
}

export async function updateAccount(
  db: Db,
  id: number,
  changes: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row !== undefined && row.id !== exceptUserId;
}
