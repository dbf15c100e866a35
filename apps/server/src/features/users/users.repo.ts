/**
 * Accounts as several features need them (auth, users, supervisors, admin): lookups and the one
 * mapping from a row to the spec's User shape.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TREATING_ROLES } from '@homestretch/contract/common/enums';
import type { User } from '@homestretch/contract/users/user';
import type { Db } from '../../db/client';
import { clinics, users } from '../../db/schema';
import { onlyRow } from '../../platform/db-errors';
import { personNameColumns } from '../../platform/search-text';

export type UserRow = typeof users.$inferSelect;

/** What a write gives of an account: the search columns follow from it (accountSearchColumns). */
export type AccountValues = Omit<typeof users.$inferInsert, 'searchName' | 'sortName'>;

/**
 * The stored search and sort columns of an account (the staff list, staff.repo.ts), from the
 * patients' normaliser, so "Łukasz" is found by "lukasz". Every insert of an account, and every
 * change of its names, writes them.
 */
function accountSearchColumns(names: Pick<AccountValues, 'firstName' | 'lastName'>): {
  searchName: string;
  sortName: string;
} {
  return personNameColumns(names.firstName ?? '', names.lastName ?? '');
}

/** An account's values with its search columns: what every insert of `users` writes. */
export function withAccountSearch(
  values: AccountValues,
): AccountValues & ReturnType<typeof accountSearchColumns> {
  return { ...values, ...accountSearchColumns(values) };
}

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
  clinicTimeZone: string | null;
}

const accountColumns = {
  user: users,
  clinicCode: clinics.code,
  clinicName: clinics.name,
  clinicTimeZone: clinics.timeZone,
};

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
    clinic_time_zone: account.clinicTimeZone,
    is_full_service: user.isFullService,
    is_feature_notification_on: user.isFeatureNotificationOn,
    is_new_billing_uploaded: user.isNewBillingUploaded,
    approval_status: user.approvalStatus,
  };
}

/** Inserts an account (staff or a patient's login) with its search columns; answers its id. */
export async function insertAccount(db: Db, values: AccountValues): Promise<number> {
  const rows = await db.insert(users).values(withAccountSearch(values)).returning({ id: users.id });
  return onlyRow(rows, 'insert users').id;
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

/**
 * The accounts a supervisor sign-in (clinic code and password) is checked against: the clinic's
 * approved, active supervisors. The code is public, so anyone may sign up as a supervisor; one
 * waiting for approval signs in by e-mail, and never adds a password check to everyone's
 * attempts (security issue 28). Approved ones are the admin's to add, so their count is too.
 */
export async function listSignInSupervisors(db: Db, clinicId: number): Promise<AccountRow[]> {
  return (
    db
      .select(accountColumns)
      .from(users)
      .innerJoin(clinics, eq(clinics.id, users.clinicId))
      .where(
        and(
          eq(users.clinicId, clinicId),
          eq(users.role, 'supervisor'),
          eq(users.approvalStatus, 'approved'),
          sql`${users.deactivatedAt} is null`,
        ),
      )
      // The one who signs in most is checked first: a right password costs one check.
      .orderBy(sql`${users.lastLogin} desc nulls last`, asc(users.id))
      .limit(50)
  );
}

/** Changes an account; a change of either name rewrites the search columns with it. */
export async function updateAccount(
  db: Db,
  id: number,
  changes: Partial<AccountValues>,
): Promise<void> {
  if (changes.firstName === undefined && changes.lastName === undefined) {
    await db.update(users).set(changes).where(eq(users.id, id));
    return;
  }
  const [row] = await db
    .update(users)
    .set(changes)
    .where(eq(users.id, id))
    .returning({ firstName: users.firstName, lastName: users.lastName });
  if (row) {
    await db.update(users).set(accountSearchColumns(row)).where(eq(users.id, id));
  }
}

/**
 * Computes the search columns of every account without them: after the migration that added
 * them, and after any change to the rule (a migration sets `search_name` to null). In batches,
 * like refreshPatientSearch, though accounts are far fewer than patients.
 */
export async function refreshAccountSearch(db: Db): Promise<number> {
  const BATCH = 1_000;
  let refreshed = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(isNull(users.searchName))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) {
      return refreshed;
    }
    const values = rows.map((row) => {
      const columns = accountSearchColumns(row);
      return sql`(${row.id}::int, ${columns.searchName}, ${columns.sortName})`;
    });
    await db.execute(sql`
      update ${users} set search_name = v.search_name, sort_name = v.sort_name
      from (values ${sql.join(values, sql`, `)}) as v(id, search_name, sort_name)
      where ${users.id} = v.id`);
    refreshed += rows.length;
  }
}

export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row !== undefined && row.id !== exceptUserId;
}
