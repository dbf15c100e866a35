import { type SQL, and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { TREATING_ROLES } from '@homestretch/contract/common/enums';
import type { Db } from '../../db/client';
import {
  icd10Codes,
  interactionLogs,
  otpCodes,
  patientTherapists,
  patients,
  users,
  voiceCalls,
} from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import type { PatientRow } from '../../platform/patient-directory';
import { escapeLike } from '../../platform/search-text';
import { MIN_INNER_MATCH_LENGTH, PATIENT_MATCH, type PatientSearchPlan } from './patient-search';

export interface PatientListFilter {
  status: 'active' | 'discharged' | 'all';
  /** Only patients this user treats. */
  treatedBy?: number;
  rtm?: boolean;
}

const contains = (value: string) => `%${escapeLike(value)}%`;
const startsWith = (value: string) => `${escapeLike(value)}%`;

/** `(' ' || search_name)` with hyphens as spaces: every name word follows a space. */
const nameWords = sql`(' ' || replace(${patients.searchName}, '-', ' '))`;

/**
 * The tiers of `rankPatientMatch` (patient-search.ts) in SQL. Keep the two in step: the
 * integration test compares their orders.
 */
function searchTierSql(plan: PatientSearchPlan): { tier: SQL<number>; matches: SQL } {
  const all = (parts: SQL[]) => sql.join(parts, sql` and `);
  const namePrefix = all(
    plan.tokens.map((token) => sql`${nameWords} like ${`% ${startsWith(token)}`}`),
  );
  const namePart = all(
    plan.tokens.map((token) =>
      token.length >= MIN_INNER_MATCH_LENGTH
        ? sql`${patients.searchName} like ${contains(token)}`
        : sql`${nameWords} like ${`% ${startsWith(token)}`}`,
    ),
  );
  const inner = plan.text.length >= MIN_INNER_MATCH_LENGTH;
  const contact = or(
    plan.digits ? sql`${patients.phone} like ${contains(plan.digits)}` : sql`false`,
    inner ? sql`${patients.email} like ${startsWith(plan.text)}` : sql`false`,
  ) as SQL;
  const other = or(
    inner ? sql`${patients.email} like ${contains(plan.text)}` : sql`false`,
    inner ? sql`lower(${patients.diagnosis}) like ${contains(plan.text)}` : sql`false`,
    plan.code ? sql`${patients.selectedCode} like ${startsWith(plan.code)}` : sql`false`,
  ) as SQL;
  const exact = sql`(${patients.searchName} = ${plan.joined} or ${patients.sortName} = ${plan.joined})`;
  const tier = sql<number>`(case
    when ${exact} then ${PATIENT_MATCH.exactName}
    when ${namePrefix} then ${PATIENT_MATCH.namePrefix}
    when ${contact} then ${PATIENT_MATCH.contact}
    when ${namePart} then ${PATIENT_MATCH.namePart}
    else ${PATIENT_MATCH.other} end)`;
  // Every exact or prefix match is also a part match, so these three cover all tiers.
  return { tier, matches: sql`(${namePart} or ${contact} or ${other})` };
}

function listConditions(
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan | null,
) {
  return and(
    eq(patients.clinicId, scope.clinicId),
    filter.status === 'all' ? ne(patients.status, 'removed') : eq(patients.status, filter.status),
    filter.treatedBy === undefined
      ? undefined
      : sql`exists (select 1 from ${patientTherapists} where ${patientTherapists.patientId} = ${patients.id} and ${patientTherapists.userId} = ${filter.treatedBy})`,
    filter.rtm === undefined ? undefined : eq(patients.isRtmCovered, filter.rtm),
    plan ? searchTierSql(plan).matches : undefined,
  );
}

/** One page of the roster: best matches first with a search, by last name otherwise. */
export async function listPatients(
  db: Db,
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan | null,
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; count: number }> {
  const where = listConditions(scope, filter, plan);
  // "C" collation: the same byte order on every engine, and the order the unit tests pin.
  const byName = [sql`${patients.sortName} collate "C"`, asc(patients.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(patients)
      .where(where)
      .orderBy(...(plan ? [asc(searchTierSql(plan).tier)] : []), ...byName)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(patients)
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** Patients of the clinic among `ids` (removed ones excluded). */
export async function findClinicPatients(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<PatientRow[]> {
  return db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, scope.clinicId),
        inArray(patients.id, ids),
        ne(patients.status, 'removed'),
      ),
    )
    .orderBy(asc(patients.id));
}

export async function insertPatient(
  db: Db,
  values: typeof patients.$inferInsert,
): Promise<PatientRow> {
  const [row] = await db.insert(patients).values(values).returning();
  if (!row) {
    throw new Error('insert patients returned nothing');
  }
  return row;
}

export async function updatePatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  changes: Partial<typeof patients.$inferInsert>,
): Promise<PatientRow> {
  const [row] = await db
    .update(patients)
    .set(changes)
    .where(and(eq(patients.id, patientId), eq(patients.clinicId, scope.clinicId)))
    .returning();
  if (!row) {
    throw new Error('update patients matched nothing');
  }
  return row;
}

export async function dischargePatients(
  db: Db,
  scope: ClinicScope,
  ids: number[],
  now: Date,
): Promise<void> {
  await db
    .update(patients)
    .set({ status: 'discharged', dischargedAt: now })
    .where(
      and(
        eq(patients.clinicId, scope.clinicId),
        inArray(patients.id, ids),
        eq(patients.status, 'active'),
      ),
    );
}

/** The therapists of one patient become exactly `therapistIds`. */
export async function replaceTherapists(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  therapistIds: number[],
): Promise<void> {
  await db.delete(patientTherapists).where(eq(patientTherapists.patientId, patientId));
  if (therapistIds.length > 0) {
    await db
      .insert(patientTherapists)
      .values(therapistIds.map((userId) => ({ clinicId: scope.clinicId, patientId, userId })));
  }
}

/** Of `ids`, those that are active staff of the clinic able to treat patients. */
export async function findTreatingStaff(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clinicId, scope.clinicId),
        inArray(users.id, ids),
        inArray(users.role, [...TREATING_ROLES]),
        isNull(users.deactivatedAt),
      ),
    );
  return rows.map((row) => row.id);
}

export async function findIcd10Code(
  db: Db,
  code: string,
): Promise<{ code: string; description: string; billable: boolean } | undefined> {
  const [row] = await db.select().from(icd10Codes).where(eq(icd10Codes.code, code)).limit(1);
  return row;
}

/**
 * Sets the reminder time unless one went out in the last `intervalMs`: the atomic claim that
 * keeps reminders to one a day even when two clicks race.
 */
export async function claimAppReminder(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  now: Date,
  intervalMs: number,
): Promise<boolean> {
  const since = new Date(now.getTime() - intervalMs);
  const rows = await db
    .update(patients)
    .set({ appReminderSentAt: now })
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.clinicId, scope.clinicId),
        or(isNull(patients.appReminderSentAt), lte(patients.appReminderSentAt, since)),
      ),
    )
    .returning({ id: patients.id });
  return rows.length > 0;
}

/** Gives a failed reminder its slot back (only if no later claim took it meanwhile). */
export async function releaseAppReminder(
  db: Db,
  patientId: number,
  claimedAt: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(patients)
    .set({ appReminderSentAt: previous })
    .where(and(eq(patients.id, patientId), eq(patients.appReminderSentAt, claimedAt)));
}

export async function voiceCallOfPatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  voiceCallId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: voiceCalls.id })
    .from(voiceCalls)
    .where(
      and(
        eq(voiceCalls.id, voiceCallId),
        eq(voiceCalls.patientId, patientId),
        eq(voiceCalls.clinicId, scope.clinicId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// ── Phone verification ────────────────────────────────────────────────────────

export type OtpRow = typeof otpCodes.$inferSelect;

/** A new code replaces every earlier one for the number. */
export async function retireOtpCodes(db: Db, phone: string, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
}

export async function insertOtpCode(
  db: Db,
  values: { phone: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(otpCodes).values(values);
}

/** The number's current code: the newest one not consumed. */
export async function currentOtpCode(db: Db, phone: string): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  return row;
}

/**
 * Takes one try from a live code before it is compared, atomically, so concurrent guesses can
 * never exceed the limit. Answers the tries used, or null when the code is no longer live.
 */
export async function reserveOtpTry(
  db: Db,
  id: number,
  now: Date,
  maxTries: number,
): Promise<number | null> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.verifiedAt),
        gt(otpCodes.expiresAt, now),
        sql`${otpCodes.attempts} < ${maxTries}`,
      ),
    )
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? null;
}

/** A right guess does not count as a wrong try: its reserved try is given back. */
export async function markOtpVerified(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ verifiedAt: now, attempts: sql`greatest(${otpCodes.attempts} - 1, 0)` })
    .where(eq(otpCodes.id, id));
}

/** Uses up the number's verification (single use); false when there is none to use. */
export async function consumeVerification(
  db: Db,
  phone: string,
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.phone, phone),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.verifiedAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}

/** A staff-registered record for this phone that has no app login yet: QR sign-up joins it. */
export async function findUnclaimedPatientByPhone(
  db: Db,
  scope: ClinicScope,
  phone: string,
): Promise<PatientRow | undefined> {
  const [row] = await db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, scope.clinicId),
        eq(patients.phone, phone),
        isNull(patients.userId),
        ne(patients.status, 'removed'),
      ),
    )
    .orderBy(desc(patients.id))
    .limit(1);
  return row;
}

export async function insertPatientUser(
  db: Db,
  values: typeof users.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) {
    throw new Error('insert users returned nothing');
  }
  return row.id;
}

/** Closes a removed patient's app login (their sessions are deleted alongside). */
export async function deactivatePatientLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ deactivatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, 'patient')));
}

// ── Interaction log ───────────────────────────────────────────────────────────

export async function insertInteractionLog(
  db: Db,
  values: typeof interactionLogs.$inferInsert,
): Promise<typeof interactionLogs.$inferSelect> {
  const [row] = await db.insert(interactionLogs).values(values).returning();
  if (!row) {
    throw new Error('insert interaction_logs returned nothing');
  }
  return row;
}

/** Soft delete; false when the log is not this patient's or already deleted. */
export async function markInteractionDeleted(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  logId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(interactionLogs)
    .set({ deletedAt: now })
    .where(
      and(
        eq(interactionLogs.id, logId),
        eq(interactionLogs.patientId, patientId),
        eq(interactionLogs.clinicId, scope.clinicId),
        isNull(interactionLogs.deletedAt),
      ),
    )
    .returning({ id: interactionLogs.id });
  return rows.length > 0;
}
