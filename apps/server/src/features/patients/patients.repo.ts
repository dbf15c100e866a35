import { SEARCH_COUNT_CAPPED_AT } from '@homestretch/contract/common/constants';
import { type SQL, and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  icd10Codes,
  patientCounts,
  patientEpisodes,
  patientTherapists,
  patients,
  users,
  voiceCalls,
} from '../../db/schema';
import { canTreatPatients } from '../users/users.api';
import { type RawRow, col, queryRows } from '../../platform/sql-rows';
import type { ClinicScope } from '../../platform/context';
import { type PatientRow, patientColumns, supervisedBy } from './patient-directory';
import {
  type DuplicateProbe,
  PATIENT_MATCH,
  duplicateCandidatesQuery,
  type PatientListFilter,
  type PatientMatchTier,
  type PatientSearchPlan,
  patientSearchColumns,
  patientSearchQueries,
  statusesOf,
} from './patient-search';
import { personNameColumns } from '../../platform/search-text';

/** "Treated by", and a supervisor's team, for a query whose patient id is `id`. */
function treatedByFilter(filter: PatientListFilter, id: SQL | typeof patients.id) {
  return and(
    filter.treatedBy === undefined
      ? undefined
      : sql`exists (select 1 from ${patientTherapists} where ${patientTherapists.patientId} = ${id} and ${patientTherapists.userId} = ${filter.treatedBy})`,
    filter.supervisedBy === undefined ? undefined : supervisedBy(filter.supervisedBy, id),
  );
}

/**
 * Past this many matches a tier is broad: read in roster order, where a page of matches comes
 * soon, rather than gathered and sorted. Above the deepest page a capped search reaches.
 */
const TIER_CANDIDATES = 2_000;

/**
 * One page of a search and its count (capped at SEARCH_COUNT_CAPPED_AT). Each tier is its own branch:
 * the patients matching that tier's `tsquery` and no better one, in roster order, at most as many
 * as the page reaches; the page is read off the branches in tier order. A broad tier ("knee": a
 * third of the clinic) then walks the roster index and stops after a page, where ranking every
 * match would read them all; a narrow one is a GIN lookup.
 */
async function searchPatients(
  db: Db,
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan,
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; count: number; countCapped: boolean }> {
  const queries = patientSearchQueries(plan, scope.clinicId);
  const tiers = (Object.keys(PATIENT_MATCH) as (keyof typeof PATIENT_MATCH)[])
    .map((tier) => ({ rank: PATIENT_MATCH[tier], query: queries[tier] }))
    .filter((tier): tier is { rank: PatientMatchTier; query: string } => tier.query !== null);
  const matches = (query: string) => sql`${patients.searchVector} @@ ${query}::tsquery`;
  const base = and(
    eq(patients.clinicId, scope.clinicId),
    inArray(patients.status, statusesOf(filter)),
    treatedByFilter(filter, patients.id),
    filter.rtm === undefined ? undefined : eq(patients.isRtmCovered, filter.rtm),
  );
  const reach = page.offset + page.limit;
  const ctes: SQL[] = [];
  const tierName = (index: number) => sql.raw(`tier_${index}`);
  /** A tier's own candidates: its matches that no better tier gathered. */
  const onlyIn = (index: number) =>
    sql.join(
      [
        sql`true`,
        ...tiers
          .slice(0, index)
          .map((_, better) => sql`id not in (select id from ${tierName(better)})`),
      ],
      sql` and `,
    );
  const branches = tiers.map(({ rank, query }, index) => {
    const candidates = tierName(index);
    // The tier's matches, up to TIER_CANDIDATES, straight from the GIN index. Better tiers are
    // left out afterwards, by id: in the tsquery they would make PostgreSQL recheck every
    // candidate's tsvector. When a better tier is broad this tier lies past the deepest page a
    // capped search reaches, so its candidates need not be exact.
    ctes.push(sql`${candidates} as materialized (
      select ${patients.id} as id, ${patients.sortName} as sort_name from ${patients}
      where ${and(base, matches(query))} limit ${TIER_CANDIDATES + 1})`);
    const broad = sql`(select count(*) from ${candidates}) > ${TIER_CANDIDATES}`;
    // Walking the roster reads each row anyway, so there the tsquery leaves better tiers out.
    const better = tiers.slice(0, index).map((tier) => `!(${tier.query})`);
    const walked = and(base, matches([`(${query})`, ...better].join(' & ')));
    // A narrow tier sorts its candidates; only a broad one walks the roster in order, where a
    // page of matches comes soon. Each branch runs only when its condition holds.
    return sql`(select id, sort_name, ${rank}::int as tier from ${candidates}
        where not ${broad} and ${onlyIn(index)}
        order by sort_name collate "C", id limit ${reach})
      union all
      (select ${patients.id}, ${patients.sortName}, ${rank}::int from ${patients}
        where ${broad} and ${walked}
        order by ${patients.sortName} collate "C", ${patients.id} limit ${reach})`;
  });
  // Each tier's own candidates add up to the count, up to where a tier is broad (then the count
  // is past the cap anyway).
  const counted = sql.join(
    tiers.map((_, index) => sql`(select count(*) from ${tierName(index)} where ${onlyIn(index)})`),
    sql` + `,
  );
  const totalOf = (row: RawRow) => col.number(row, 'total');
  const ranked = await queryRows(
    db,
    sql`with ${sql.join(ctes, sql`, `)}
    select id, (${counted})::int as total from (${sql.join(branches, sql` union all `)}) as hits
    order by tier, sort_name collate "C", id limit ${page.limit} offset ${page.offset}`,
    (row) => ({ id: col.number(row, 'id'), total: totalOf(row) }),
  );
  // Past the last page no row carries the total: count on its own, as cheaply (an empty first
  // page has nothing to count).
  const total =
    ranked[0]?.total ??
    (page.offset === 0 ? 0 : undefined) ??
    (
      await queryRows(
        db,
        sql`with ${sql.join(ctes, sql`, `)} select (${counted})::int as total`,
        totalOf,
      )
    )[0] ??
    0;
  const ids = ranked.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await db.select(patientColumns).from(patients).where(inArray(patients.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    count: Math.min(total, SEARCH_COUNT_CAPPED_AT),
    countCapped: total > SEARCH_COUNT_CAPPED_AT,
  };
}

/** One page of the roster: best matches first with a search, by last name otherwise. */
export async function selectRosterPage(
  db: Db,
  scope: ClinicScope,
  filter: PatientListFilter,
  plan: PatientSearchPlan | null,
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; count: number; countCapped: boolean }> {
  if (plan) {
    return searchPatients(db, scope, filter, plan, page);
  }
  const where = and(
    eq(patients.clinicId, scope.clinicId),
    inArray(patients.status, statusesOf(filter)),
    treatedByFilter(filter, patients.id),
    filter.rtm === undefined ? undefined : eq(patients.isRtmCovered, filter.rtm),
  );
  // The clinic's counters answer for status and coverage; "treated by" and a supervisor's team
  // count their own rows.
  const counted =
    filter.treatedBy === undefined && filter.supervisedBy === undefined
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
      .select(patientColumns)
      .from(patients)
      .where(where)
      .orderBy(sql`${patients.sortName} collate "C"`, asc(patients.id))
      .limit(page.limit)
      .offset(page.offset),
    counted,
  ]);
  return { rows, count: total?.count ?? 0, countCapped: false };
}

/** Patients of the clinic among `ids` (removed ones excluded). */
export async function findClinicPatients(
  db: Db,
  scope: ClinicScope,
  ids: number[],
): Promise<PatientRow[]> {
  return db
    .select(patientColumns)
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

/** The most likely duplicates a registration is shown: enough to recognise the one meant. */
const MAX_DUPLICATES = 5;

export interface LikelyDuplicateRow {
  id: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  sameNameAndBirthday: boolean;
  samePhone: boolean;
  sameEmail: boolean;
}

/**
 * Patients of the clinic (removed ones excluded) with the same name and birthday, the same phone
 * (both E.164) or the same e-mail address, most recently added first. Names compare as the roster
 * search stores them, lower-cased and accent-free (`search_name`), so "MARÍA ALVAREZ" is
 * Maria Alvarez.
 */
export async function findLikelyDuplicates(
  db: Db,
  scope: ClinicScope,
  probe: Omit<DuplicateProbe, 'clinicId'>,
): Promise<LikelyDuplicateRow[]> {
  const query = duplicateCandidatesQuery({ ...probe, clinicId: scope.clinicId });
  if (query === null) {
    return [];
  }
  const { searchName } = personNameColumns(probe.firstName, probe.lastName);
  const sameNameAndBirthday = probe.birthday
    ? sql<boolean>`(${patients.searchName} = ${searchName} and ${patients.birthday} = ${probe.birthday})`
    : sql<boolean>`false`;
  const samePhone = probe.phone
    ? sql<boolean>`(${patients.phone} = ${probe.phone})`
    : sql<boolean>`false`;
  const sameEmail = probe.email
    ? sql<boolean>`(lower(${patients.email}) = ${probe.email.toLowerCase()})`
    : sql<boolean>`false`;
  return db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      birthday: patients.birthday,
      sameNameAndBirthday,
      samePhone,
      sameEmail,
    })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, scope.clinicId),
        ne(patients.status, 'removed'),
        // The GIN index finds the candidates; the exact comparisons keep the true matches.
        sql`${patients.searchVector} @@ ${query}::tsquery`,
        or(sameNameAndBirthday, samePhone, sameEmail),
      ),
    )
    .orderBy(desc(patients.id))
    .limit(MAX_DUPLICATES);
}

/** What a write gives of a patient: the search columns follow from it (patientSearchColumns). */
export type PatientValues = Omit<
  typeof patients.$inferInsert,
  'searchName' | 'sortName' | 'searchVector'
>;

const SEARCHED_FIELDS = [
  'clinicId',
  'firstName',
  'lastName',
  'phone',
  'email',
  'diagnosis',
  'selectedCode',
] as const satisfies (keyof PatientValues)[];

export async function insertPatient(
  db: Db,
  values: PatientValues & Pick<PatientRow, 'clinicId' | 'firstName' | 'lastName'>,
): Promise<PatientRow> {
  const [row] = await db
    .insert(patients)
    .values({
      ...values,
      ...patientSearchColumns(values),
    })
    .returning();
  if (!row) {
    throw new Error('insert patients returned nothing');
  }
  return row;
}

/** A patient's episodes of care that ended before a re-onboarding, oldest first. */
export async function findEarlierEpisodes(
  db: Db,
  scope: ClinicScope,
  patientId: number,
): Promise<{ onboardedAt: Date; dischargedAt: Date }[]> {
  return db
    .select({
      onboardedAt: patientEpisodes.onboardedAt,
      dischargedAt: patientEpisodes.dischargedAt,
    })
    .from(patientEpisodes)
    .where(
      and(eq(patientEpisodes.clinicId, scope.clinicId), eq(patientEpisodes.patientId, patientId)),
    )
    .orderBy(asc(patientEpisodes.onboardedAt));
}

/** Keeps an episode of care that ended, before re-onboarding starts the next one. */
export async function insertEndedEpisode(
  db: Db,
  scope: ClinicScope,
  episode: { patientId: number; onboardedAt: Date; dischargedAt: Date },
): Promise<void> {
  await db.insert(patientEpisodes).values({ clinicId: scope.clinicId, ...episode });
}

/** Changes a patient; a change to anything searched rewrites the search columns with it. */
export async function updatePatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  changes: Partial<PatientValues>,
): Promise<PatientRow> {
  const where = and(eq(patients.id, patientId), eq(patients.clinicId, scope.clinicId));
  const [row] = await db.update(patients).set(changes).where(where).returning();
  if (!row) {
    throw new Error('update patients matched nothing');
  }
  if (!SEARCHED_FIELDS.some((field) => field in changes)) {
    return row;
  }
  const [searched] = await db
    .update(patients)
    .set(patientSearchColumns(row))
    .where(where)
    .returning();
  return searched ?? row;
}

/**
 * Computes the search columns of every patient without them: after the migration that added
 * them, and after any change to the rule (a migration sets `search_vector` to null). In batches,
 * so a large clinic neither holds one long transaction nor all its rows in memory.
 */
export async function refreshPatientSearch(db: Db): Promise<number> {
  const BATCH = 1_000;
  let refreshed = 0;
  for (;;) {
    const rows = await db
      .select({
        id: patients.id,
        clinicId: patients.clinicId,
        firstName: patients.firstName,
        lastName: patients.lastName,
        phone: patients.phone,
        email: patients.email,
        diagnosis: patients.diagnosis,
        selectedCode: patients.selectedCode,
      })
      .from(patients)
      .where(isNull(patients.searchVector))
      .orderBy(asc(patients.id))
      .limit(BATCH);
    if (rows.length === 0) {
      return refreshed;
    }
    const values = rows.map((row) => {
      const columns = patientSearchColumns(row);
      return sql`(${row.id}::int, ${columns.searchName}, ${columns.sortName}, ${columns.searchVector}::tsvector)`;
    });
    await db.execute(sql`
      update ${patients} set search_name = v.search_name, sort_name = v.sort_name,
        search_vector = v.search_vector
      from (values ${sql.join(values, sql`, `)}) as v(id, search_name, sort_name, search_vector)
      where ${patients.id} = v.id`);
    refreshed += rows.length;
  }
}

export async function markDischarged(
  db: Db,
  scope: ClinicScope,
  ids: number[],
  now: Date,
): Promise<void> {
  await db
    .update(patients)
    .set({ status: 'discharged', dischargedAt: now, isRtmCovered: false })
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
  scope: ClinicScope,
  patientId: number,
  claimedAt: Date,
  previous: Date | null,
): Promise<void> {
  await db
    .update(patients)
    .set({ appReminderSentAt: previous })
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.clinicId, scope.clinicId),
        eq(patients.appReminderSentAt, claimedAt),
      ),
    );
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

/** A staff-registered record for this phone that has no app login yet: QR sign-up joins it. */
export async function findUnclaimedPatientByPhone(
  db: Db,
  scope: ClinicScope,
  phone: string,
): Promise<PatientRow | undefined> {
  const [row] = await db
    .select(patientColumns)
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

/** Closes a removed patient's app login (their sessions are deleted alongside). */
export async function deactivatePatientLogin(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ deactivatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, 'patient')));
}

// ── Interaction log ───────────────────────────────────────────────────────────
