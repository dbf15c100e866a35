import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';

/** The roles a supervisor is assigned to (spec §6 "assign a supervisor to therapists"). */
export const SUPERVISED_ROLES = ['therapist', 'remote_therapist'] as const;
type SupervisedRole = (typeof SUPERVISED_ROLES)[number];

export interface ClinicPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: (typeof users.$inferSelect)['role'];
  approvalStatus: (typeof users.$inferSelect)['approvalStatus'];
  supervisorId: number | null;
}

export function isSupervised<T extends { role: string }>(
  person: T,
): person is T & { role: SupervisedRole } {
  return (SUPERVISED_ROLES as readonly string[]).includes(person.role);
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  approvalStatus: users.approvalStatus,
  supervisorId: users.supervisorId,
};

/** Active accounts of the clinic among `ids`; another clinic's, or a deactivated one, is absent. */
export async function findClinicPeople(
  db: Db,
  scope: ClinicScope,
  ids: readonly number[],
): Promise<ClinicPerson[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.clinicId, scope.clinicId),
        inArray(users.id, [...ids]),
        isNull(users.deactivatedAt),
      ),
    );
}

/** The clinic's approved therapists and remote PTs without a supervisor. */
export async function unsupervisedTherapistIds(db: Db, scope: ClinicScope): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clinicId, scope.clinicId),
        inArray(users.role, [...SUPERVISED_ROLES]),
        eq(users.approvalStatus, 'approved'),
        isNull(users.deactivatedAt),
        isNull(users.supervisorId),
      ),
    );
  return rows.map((row) => row.id);
}

export async function setSupervisor(
  db: Db,
  scope: ClinicScope,
  supervisorId: number,
  therapistIds: readonly number[],
): Promise<void> {
  if (therapistIds.length === 0) {
    return;
  }
  await db
    .update(users)
    .set({ supervisorId })
    .where(and(eq(users.clinicId, scope.clinicId), inArray(users.id, [...therapistIds])));
}

/**
 * The therapists assigned to a supervisor, by name: active ones whose role is still supervised
 * (a therapist who became an office manager leaves the team).
 */
export async function listTeam(
  db: Db,
  scope: ClinicScope,
  supervisorId: number,
): Promise<ClinicPerson[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.clinicId, scope.clinicId),
        eq(users.supervisorId, supervisorId),
        inArray(users.role, [...SUPERVISED_ROLES]),
        isNull(users.deactivatedAt),
        ne(users.id, supervisorId),
      ),
    )
    .orderBy(asc(users.sortName), asc(users.id));
}

/**
 * Whose program changes a supervisor's queue holds once they have a team: their team's, and
 * those of therapists assigned to nobody, whom no other queue holds either (a supervisor taken
 * away, or never given).
 */
export async function listQueueOwners(
  db: Db,
  scope: ClinicScope,
  supervisorId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clinicId, scope.clinicId),
        or(eq(users.supervisorId, supervisorId), isNull(users.supervisorId)),
        inArray(users.role, [...SUPERVISED_ROLES]),
        isNull(users.deactivatedAt),
        ne(users.id, supervisorId),
      ),
    );
  return rows.map((row) => row.id);
}
