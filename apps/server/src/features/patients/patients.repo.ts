import { type SQL, and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  icd10Codes,
  interactionLogs,
  otpCodes,
  patientCounts,
  patientSearchTerms,
  patientTherapists,
  patients,
  type PatientSearchTermKind,
  users,
  voiceCalls,
} from '../../db/schema';
import { canTreatPatients } from '../../platform/accounts';
import type { ClinicScope } from '../../platform/context';
import type { PatientRow } from '../../platform/patient-directory';
import { escapeLike } from '../../platform/search-text';
import {
  MIN_INNER_MATCH_LENGTH,
  PATIENT_MATCH,
  type PatientListFilter,
  type PatientSearchPlan,
  nextPrefix,
  statusesOf,
} from './patient-search';

/** "Treated by" for a query whose patient id is `id`. */
function treatedByFilter(filter: PatientListFilter, id: SQL | typeof patients.id) {
  return filter.treatedBy === undefined
    ? undefined
    : sql`exists (select 1 from ${patientTherapists} where ${patientTherapists.patientId} = ${id} and ${patientTherapists.userId} = ${filter.treatedBy})`;
}

/**
 * The tiers of `rankPatientMatch` (patient-search.ts) in SQL: each branch is one range of the
 * patient_search_terms btree (or, for phone digits, the phone trigram index), tagged with its
 * tier. Keep the two in step: the integration test compares their orders.
 */
function searchHitsSql(
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan,
): SQL {
  const t = patientSearchTerms;
  const statuses = statusesOf(filter);
  const termsOf = (kind: PatientSearchTermKind, term: SQL) =>
    sql`select ${t.patientId} as patient_id, ${t.sortName} as sort_name from ${t} where ${t.clinicId} = ${scope.clinicId} and ${t.kind} = ${kind} and ${inArray(t.status, statuses)} and ${term}`;
  // A prefix as the btree range it is (text_pattern_ops' byte order), so no row is rechecked.
  const startsWithTerm = (prefix: string) =>
    sql`${t.term} ~>=~ ${prefix} and ${t.term} ~<~ ${nextPrefix(prefix)}`;
  // Every word must start a word of the same kind: one range a word, intersected. Duplicates of
  // a single range (a patient with "knee" and "kneecap") fold in the caller's group by.
  const everyToken = (kind: PatientSearchTermKind) =>
    sql.join(
      plan.tokens.map((token) => sql`(${termsOf(kind, startsWithTerm(token))})`),
      sql` intersect `,
    );
  const inner = plan.text.length >= MIN_INNER_MATCH_LENGTH;
  const branches: [number, SQL][] = [
    [PATIENT_MATCH.exactName, termsOf('full', sql`${t.term} = ${plan.joined}`)],
    [PATIENT_MATCH.namePrefix, everyToken('name')],
  ];
  if (plan.digits) {
    branches.push([
      PATIENT_MATCH.contact,
      sql`select ${patients.id} as patient_id, ${patients.sortName} as sort_name from ${patients} where ${patients.clinicId} = ${scope.clinicId} and ${inArray(patients.status, statuses)} and ${patients.phone} like ${`%${escapeLike(plan.digits)}%`}`,
    ]);
  }
  if (inner) {
    branches.push([PATIENT_MATCH.contact, termsOf('email', startsWithTerm(plan.text))]);
  }
  if (inner && plan.clinical) {
    branches.push([PATIENT_MATCH.other, everyToken('diagnosis')]);
  }
  if (plan.code) {
    branches.push([PATIENT_MATCH.other, termsOf('code', startsWithTerm(plan.code))]);
  }
  const union = sql.join(
    branches.map(
      ([tier, branch]) =>
        sql`select patient_id, sort_name, ${tier}::int as tier from (${branch}) as branch`,
    ),
    sql` union all `,
  );
  const hitId = sql.raw('hits.patient_id');
  const filters = [
    treatedByFilter(filter, hitId),
    filter.rtm === undefined
      ? undefined
      : sql`exists (select 1 from ${patients} as rtm_patient where rtm_patient.id = ${hitId} and rtm_patient.is_rtm_covered = ${filter.rtm})`,
  ].filter((part): part is SQL => part !== undefined);
  return sql`select * from (${union}) as hits${filters.length > 0 ? sql` where ${sql.join(filters, sql` and `)}` : sql``}`;
}

/**
 * One page of a search and the number of matches: patients grouped from their hits, best tier
 * first, then by name. The count rides on the page query (a window over the grouped hits).
 */
async function searchPatients(
  db: Db,
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan,
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; count: number }> {
  const hits = searchHitsSql(scope, filter, plan);
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const ranked = (await db.execute(sql`
    select patient_id, count(*) over () as total
    from (${hits}) as matched
    group by patient_id, sort_name
    order by min(tier), sort_name collate "C", patient_id
    limit ${page.limit} offset ${page.offset}`)) as {
    rows: { patient_id: number; total: string | number }[];
  };
  const ids = ranked.rows.map((row) => Number(row.patient_id));
  if (ids.length === 0) {
    // Past the last page the window has no row to ride on: count on its own.
    const counted =
      page.offset === 0
        ? { rows: [{ total: 0 }] }
        : ((await db.execute(sql`
          select count(distinct patient_id) as total from (${hits}) as matched`)) as {
            rows: { total: string | number }[];
          });
    return { rows: [], count: Number(counted.rows[0]?.total ?? 0) };
  }
  const rows = await db.select().from(patients).where(inArray(patients.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    count: Number(ranked.rows[0]?.total ?? 0),
  };
}

/** One page of the roster: best matches first with a search, by last name otherwise. */
export async function listPatients(
  db: Db,
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan | null,
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; count: number }> {
  if (plan) {
    return searchPatients(db, scope, filter, plan, page);
  }
  const where = and(
    eq(patients.clinicId, scope.clinicId),
    inArray(patients.status, statusesOf(filter)),
    treatedByFilter(filter, patients.id),
    filter.rtm === undefined ? undefined : eq(patients.isRtmCovered, filter.rtm),
  );
  // The clinic's counters answer for status and coverage; "treated by" counts its own rows.
  const counted =
    filter.treatedBy === undefined
      ? db
          .select({ count: sql<number>`coalesce(sum(${patientCounts.patients}), 0)::int` })
          .from(patientCounts)
          .where(
            and(
              eq(patientCounts.clinicId, scope.clinicId),
              inArray(patientCounts.status, statusesOf(filter)),
              filter.rtm === undefined ? undefined : eq(patientCounts.isRtmCovered, filter.rtm),
            ),
          )
      : db
          .select({ count: sql<number>`count(*)::int` })
          .from(patients)
          .where(where);
  // "C" collation: the same byte order on every engine, and the order the unit tests pin.
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(patients)
      .where(where)
      .orderBy(sql`${patients.sortName} collate "C"`, asc(patients.id))
      .limit(page.limit)
      .offset(page.offset),
    counted,
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
        isNull(users.deactivatedAt),
        canTreatPatients,
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
