import { type SQL, and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AssistantKind } from '@homestretch/contract/billing/rtm-case';
import type { ApprovalStatus, Role } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import { patientTherapists, patients, users } from '../../db/schema';
import { canTreatPatients } from '../users/users.api';
import type { ClinicScope } from '../../platform/context';
import { everyWordStartsName } from '../../platform/search-text';
import type { StaffSearch } from './staff-search';

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
  supervisorId: number | null;
  assistantKind: AssistantKind | null;
}

/** The staff list's filters (GET /clinic/therapist). */
export interface StaffFilter {
  search: StaffSearch | null;
  role?: Role;
  canTreat?: boolean;
  /** Approved accounts only: the list as a caller who may not see waiting ones sees it. */
  approvedOnly?: boolean;
}

/**
 * Staff rows with the active patients each treats, counted per member through
 * patient_therapists_user_idx (a lateral join) rather than over the whole clinic's links.
 */
function selectStaffRows(db: Db, scope: ClinicScope) {
  const treated = db
    .select({ count: sql<number>`count(*)::int`.as('patient_count') })
    .from(patientTherapists)
    .innerJoin(patients, eq(patients.id, patientTherapists.patientId))
    .where(
      and(
        eq(patientTherapists.userId, users.id),
        eq(patientTherapists.clinicId, scope.clinicId),
        eq(patients.status, 'active'),
      ),
    )
    .as('treated');
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      lastLogin: users.lastLogin,
      patientCount: treated.count,
      approvalStatus: users.approvalStatus,
      canTreat: canTreatPatients,
      supervisorId: users.supervisorId,
      assistantKind: users.assistantKind,
    })
    .from(users)
    .leftJoinLateral(treated, sql`true`);
}

/** Active staff accounts of the clinic, never patients. */
function activeStaffOf(scope: ClinicScope): SQL | undefined {
  return and(
    eq(users.clinicId, scope.clinicId),
    ne(users.role, 'patient'),
    isNull(users.deactivatedAt),
  );
}

/**
 * Every word starts a word of the name, in either order, or the whole query is inside the
 * e-mail; the e-mail's `_` would be a LIKE wildcard, hence strpos there.
 */
function searchCondition(search: StaffSearch): SQL | undefined {
  return or(
    everyWordStartsName(sql`${users.searchName}`, search.tokens),
    sql`strpos(${users.email}, ${search.contact}) > 0`,
  );
}

/**
 * One page of the clinic's active staff and how many match: accounts waiting for approval first,
 * then by last name, then first name ("C" collation on the normalised `sort_name`: accents
 * ignored, one byte order on every engine), then id.
 */
export async function selectStaffPage(
  db: Db,
  scope: ClinicScope,
  filter: StaffFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StaffRow[]; count: number }> {
  const where = and(
    activeStaffOf(scope),
    filter.search ? searchCondition(filter.search) : undefined,
    filter.role === undefined ? undefined : eq(users.role, filter.role),
    filter.canTreat === undefined ? undefined : sql`${canTreatPatients} = ${filter.canTreat}`,
    filter.approvedOnly ? eq(users.approvalStatus, 'approved') : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectStaffRows(db, scope)
      .where(where)
      .orderBy(
        ne(users.approvalStatus, 'pending'),
        sql`${users.sortName} collate "C"`,
        asc(users.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** One active staff member of the clinic; another clinic's account, or a patient, is not found. */
export async function findClinicStaffMember(
  db: Db,
  scope: ClinicScope,
  userId: number,
): Promise<StaffRow | undefined> {
  const [row] = await selectStaffRows(db, scope).where(
    and(activeStaffOf(scope), eq(users.id, userId)),
  );
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

/**
 * A new role. An office manager is nobody's supervisee (spec §6 assigns supervisors to
 * therapists), so leaving the treating roles also leaves the supervisor's team.
 */
export async function updateRole(
  db: Db,
  scope: ClinicScope,
  userId: number,
  role: Role,
  leavesTeam: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ role, ...(leavesTeam ? { supervisorId: null } : {}) })
    .where(and(eq(users.id, userId), eq(users.clinicId, scope.clinicId)));
}

export async function updateAssistantKind(
  db: Db,
  scope: ClinicScope,
  userId: number,
  assistantKind: AssistantKind | null,
): Promise<void> {
  await db
    .update(users)
    .set({ assistantKind })
    .where(and(eq(users.id, userId), eq(users.clinicId, scope.clinicId)));
}

export async function clearSupervisor(db: Db, scope: ClinicScope, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ supervisorId: null })
    .where(and(eq(users.id, userId), eq(users.clinicId, scope.clinicId)));
}
