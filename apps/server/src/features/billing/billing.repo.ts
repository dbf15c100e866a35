import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type BillingRunTotals,
  type BillingStaff,
  billingFiles,
  billingPatientMonths,
  billingRuns,
  clinics,
  patients,
  users,
} from '../../db/schema';
import type { BillingLine } from '@homestretch/contract/billing/billing-units';
import type { RtmNotBillable } from '@homestretch/contract/billing/rtm-case';
import { escapeLike, normaliseSearchText } from '../../platform/search-text';
import { intArray } from '../../platform/sql-arrays';
import type { ClinicScope } from '../../platform/context';

export interface BillingClinic {
  id: number;
  code: string;
  timeZone: string;
  createdAt: Date;
  providerInfo: Record<string, unknown>;
  practiceInfo: Record<string, unknown>;
  billingInfoUpdatedAt: Date | null;
}

export async function findBillingClinic(db: Db, clinicId: number): Promise<BillingClinic | null> {
  const [row] = await db
    .select({
      id: clinics.id,
      code: clinics.code,
      timeZone: clinics.timeZone,
      createdAt: clinics.createdAt,
      providerInfo: clinics.providerInfo,
      practiceInfo: clinics.practiceInfo,
      billingInfoUpdatedAt: clinics.billingInfoUpdatedAt,
    })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}

export async function saveBillingInfo(
  db: Db,
  clinicId: number,
  info: { providerInfo: Record<string, unknown>; practiceInfo: Record<string, unknown> },
  at: Date,
): Promise<void> {
  await db
    .update(clinics)
    .set({ ...info, billingInfoUpdatedAt: at })
    .where(eq(clinics.id, clinicId));
}

// ── The records a run reads ─────────────────────────────────────────────────────

export interface BilledPatient {
  id: number;
  firstName: string;
  lastName: string;
  rtmCovered: boolean;
  onboardedOn: string | null;
  dischargedOn: string | null;
  /** Episodes of care that ended before a re-onboarding (patient_episodes), as clinic dates. */
  earlierEpisodes: { onboardedOn: string; dischargedOn: string }[];
}

/** A patient's episodes of care, the earlier ones first, as the RTM case reads them. */
export function episodesOf(patient: BilledPatient): { start: string; end: string | null }[] {
  return [
    ...patient.earlierEpisodes.map((episode) => ({
      start: episode.onboardedOn,
      end: episode.dischargedOn,
    })),
    ...(patient.onboardedOn === null
      ? []
      : [{ start: patient.onboardedOn, end: patient.dischargedOn }]),
  ];
}

interface PatientWindow {
  timeZone: string;
  /** The month's first and last instants, and the days whose data can reach its intervals. */
  from: Date;
  to: Date;
}

/**
 * The next `limit` patients after `afterId` whose care overlaps the month: RTM-covered, onboarded
 * before it ended and not discharged before it began. Keyset order, so a clinic of any size is
 * read a batch at a time.
 */
export async function coveredPatientsAfter(
  db: Db,
  scope: ClinicScope,
  window: PatientWindow,
  afterId: number,
  limit: number,
): Promise<BilledPatient[]> {
  return selectBilledPatients(
    db,
    sql`p.clinic_id = ${scope.clinicId} and p.id > ${afterId} and p.is_rtm_covered
        and p.status <> 'removed'
        and ((p.onboarded_at is not null and p.onboarded_at < ${window.to.toISOString()}::timestamptz
          and (p.discharged_at is null or p.discharged_at >= ${window.from.toISOString()}::timestamptz))
        or exists (select 1 from patient_episodes e where e.patient_id = p.id
          and e.onboarded_at < ${window.to.toISOString()}::timestamptz
          and e.discharged_at >= ${window.from.toISOString()}::timestamptz))`,
    window.timeZone,
    limit,
  );
}

/** One patient of the clinic (not removed), covered or not: the explanation says which. */
export async function billedPatient(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  timeZone: string,
): Promise<BilledPatient | null> {
  const [row] = await selectBilledPatients(
    db,
    sql`p.clinic_id = ${scope.clinicId} and p.id = ${patientId} and p.status <> 'removed'`,
    timeZone,
    1,
  );
  return row ?? null;
}

async function selectBilledPatients(
  db: Db,
  where: SQL,
  timeZone: string,
  limit: number,
): Promise<BilledPatient[]> {
  const result = (await db.execute(sql`
    select p.id, p.first_name, p.last_name, p.is_rtm_covered,
           to_char((p.onboarded_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as onboarded_on,
           to_char((p.discharged_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as discharged_on,
           coalesce((select json_agg(json_build_object(
               'onboardedOn', to_char((e.onboarded_at at time zone ${timeZone})::date, 'YYYY-MM-DD'),
               'dischargedOn', to_char((e.discharged_at at time zone ${timeZone})::date, 'YYYY-MM-DD'))
             order by e.onboarded_at)
             from patient_episodes e where e.patient_id = p.id), '[]'::json) as earlier_episodes
    from patients p
    where ${where}
    order by p.id
    limit ${limit}
  `)) as {
    rows: {
      id: number;
      first_name: string;
      last_name: string;
      is_rtm_covered: boolean;
      onboarded_on: string | null;
      discharged_on: string | null;
      earlier_episodes: BilledPatient['earlierEpisodes'];
    }[];
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    rtmCovered: row.is_rtm_covered,
    onboardedOn: row.onboarded_on,
    dischargedOn: row.discharged_on,
    // Both drivers parse json.
    earlierEpisodes: row.earlier_episodes,
  }));
}

/**
 * Days with data (health data, or an exercise done) of the patients: every such day from `from`
 * to `to`, and the first two of each patient's episode, which fix its 30-day intervals and the
 * day its set-up code is earned (domain/rtm.md: what counts as data).
 */
export async function dataDays(
  db: Db,
  patientsOf: readonly BilledPatient[],
  days: { from: string; to: string },
): Promise<Map<number, string[]>> {
  const episodes = patientsOf.flatMap((patient) =>
    episodesOf(patient).map((episode) => ({ id: patient.id, start: episode.start })),
  );
  const byPatient = new Map<number, string[]>();
  if (episodes.length === 0) {
    return byPatient;
  }
  const ids = intArray([...new Set(episodes.map((episode) => episode.id))]);
  const episodeIds = intArray(episodes.map((episode) => episode.id));
  const starts = sql`${`{${episodes.map((episode) => episode.start).join(',')}}`}::date[]`;
  const result = (await db.execute(sql`
    with chosen as (select unnest(${episodeIds}) as id, unnest(${starts}) as onboarded_on)
    select patient_id, to_char(day, 'YYYY-MM-DD') as day from (
      select h.patient_id, h.day from health_daily h
       where h.patient_id = any(${ids}) and h.day between ${days.from}::date and ${days.to}::date
      union
      select hc.patient_id, hc.completed_on from hep_completions hc
       where hc.patient_id = any(${ids}) and hc.sets_done > 0
         and hc.completed_on between ${days.from}::date and ${days.to}::date
      union
      select c.id, first_days.day from chosen c cross join lateral (
        select day from (
          (select h.day from health_daily h
            where h.patient_id = c.id and h.day >= c.onboarded_on order by h.day limit 2)
          union
          (select hc.completed_on from hep_completions hc
            where hc.patient_id = c.id and hc.sets_done > 0 and hc.completed_on >= c.onboarded_on
            order by hc.completed_on limit 2)
        ) both_sources order by day limit 2
      ) first_days
    ) d
  `)) as { rows: { patient_id: number; day: string }[] };
  for (const row of result.rows) {
    const id = Number(row.patient_id);
    const days = byPatient.get(id);
    if (days) {
      days.push(row.day);
    } else {
      byPatient.set(id, [row.day]);
    }
  }
  return byPatient;
}

export interface MonitoredRow {
  patientId: number;
  userId: number;
  name: string;
  npi: string | null;
  assistant: 'PTA' | 'OTA' | null;
  day: string;
  seconds: number;
  sessionStartedAt: Date;
}

/** The server-credited monitoring seconds of the month's days, with who was credited them. */
export async function monitoredDays(
  db: Db,
  patientIds: readonly number[],
  days: { from: string; to: string },
): Promise<MonitoredRow[]> {
  if (patientIds.length === 0) {
    return [];
  }
  const result = (await db.execute(sql`
    select d.patient_id, d.user_id, u.first_name, u.last_name, u.npi, u.assistant_kind,
           to_char(d.day, 'YYYY-MM-DD') as day, d.seconds, s.started_at
    from monitoring_days d
    join monitoring_sessions s on s.id = d.session_id
    join users u on u.id = d.user_id
    where d.patient_id = any(${intArray(patientIds)})
      and d.day between ${days.from}::date and ${days.to}::date and d.seconds > 0
  `)) as {
    rows: {
      patient_id: number;
      user_id: number;
      first_name: string;
      last_name: string;
      npi: string | null;
      assistant_kind: 'PTA' | 'OTA' | null;
      day: string;
      seconds: number;
      started_at: string | Date;
    }[];
  };
  return result.rows.map((row) => ({
    patientId: Number(row.patient_id),
    userId: Number(row.user_id),
    name: `${row.first_name} ${row.last_name}`.trim(),
    npi: row.npi,
    assistant: row.assistant_kind,
    day: row.day,
    seconds: Number(row.seconds),
    sessionStartedAt: new Date(row.started_at),
  }));
}

export interface Interaction {
  patientId: number;
  at: Date;
  seconds: number;
  kind: 'call' | 'secure_message';
}

/** The month's live interactive communications: logged calls with a duration. */
export async function interactiveCalls(
  db: Db,
  patientIds: readonly number[],
  window: { from: Date; to: Date },
): Promise<Interaction[]> {
  if (patientIds.length === 0) {
    return [];
  }
  const result = (await db.execute(sql`
    select l.patient_id, l.date, l.call_duration_seconds
    from interaction_logs l
    where l.patient_id = any(${intArray(patientIds)}) and l.deleted_at is null
      and l.call_duration_seconds > 0
      and l.date >= ${window.from.toISOString()}::timestamptz
      and l.date < ${window.to.toISOString()}::timestamptz
  `)) as { rows: { patient_id: number; date: string | Date; call_duration_seconds: number }[] };
  return result.rows.map((row) => ({
    patientId: Number(row.patient_id),
    at: new Date(row.date),
    seconds: Number(row.call_duration_seconds),
    kind: 'call' as const,
  }));
}

/**
 * Secure-message exchanges of the month: each clinic day on which both the patient and someone of
 * the clinic wrote in the patient's conversation, at the day's last message. Only for a clinic
 * that counts messaging as the interactive communication.
 */
export async function messageExchanges(
  db: Db,
  patientIds: readonly number[],
  window: { from: Date; to: Date; timeZone: string },
): Promise<Interaction[]> {
  if (patientIds.length === 0) {
    return [];
  }
  const result = (await db.execute(sql`
    select s.patient_id, max(m.created_at) as at
    from chat_messages m
    join chat_sessions s on s.id = m.session_id
    join patients p on p.id = s.patient_id
    where s.patient_id = any(${intArray(patientIds)})
      and m.created_at >= ${window.from.toISOString()}::timestamptz
      and m.created_at < ${window.to.toISOString()}::timestamptz
    group by s.patient_id, (m.created_at at time zone ${window.timeZone})::date
    having bool_or(m.sender_user_id = p.user_id) and bool_or(m.sender_user_id <> p.user_id)
  `)) as { rows: { patient_id: number; at: string | Date }[] };
  return result.rows.map((row) => ({
    patientId: Number(row.patient_id),
    at: new Date(row.at),
    seconds: 0,
    kind: 'secure_message' as const,
  }));
}

/** Each patient's first treating therapist who is not an assistant: the fallback renderer. */
export async function firstTreatingTherapists(
  db: Db,
  patientIds: readonly number[],
): Promise<Map<number, { userId: number; name: string; npi: string | null }>> {
  const treating = new Map<number, { userId: number; name: string; npi: string | null }>();
  if (patientIds.length === 0) {
    return treating;
  }
  const result = (await db.execute(sql`
    select distinct on (pt.patient_id) pt.patient_id, u.id, u.first_name, u.last_name, u.npi
    from patient_therapists pt
    join users u on u.id = pt.user_id
    where pt.patient_id = any(${intArray(patientIds)}) and u.assistant_kind is null
      and u.deactivated_at is null
    order by pt.patient_id, pt.created_at, u.id
  `)) as {
    rows: {
      patient_id: number;
      id: number;
      first_name: string;
      last_name: string;
      npi: string | null;
    }[];
  };
  for (const row of result.rows) {
    treating.set(Number(row.patient_id), {
      userId: Number(row.id),
      name: `${row.first_name} ${row.last_name}`.trim(),
      npi: row.npi,
    });
  }
  return treating;
}

// ── Runs ──────────────────────────────────────────────────────────────────────

export interface StoredRun {
  computedAt: Date;
  closed: boolean;
  totals: BillingRunTotals;
}

export async function findRun(db: Db, clinicId: number, period: string): Promise<StoredRun | null> {
  const [row] = await db
    .select({
      computedAt: billingRuns.computedAt,
      closed: billingRuns.closed,
      totals: billingRuns.totals,
    })
    .from(billingRuns)
    .where(and(eq(billingRuns.clinicId, clinicId), eq(billingRuns.period, period)));
  return row ?? null;
}

export interface PatientMonthRow {
  patientId: number;
  billable: BillingLine[];
  /** Earned, but dated after the day of the run (billing-rules.ts splitByDateOfService). */
  upcoming: BillingLine[];
  notBillable: RtmNotBillable[];
  units: number;
  amount: number;
  attention: boolean;
  staff: BillingStaff;
}

/** Replaces a month's rows and run in the caller's transaction: readers see the old or the new. */
export async function deleteRunRows(db: Db, clinicId: number, period: string): Promise<void> {
  await db
    .delete(billingPatientMonths)
    .where(
      and(eq(billingPatientMonths.clinicId, clinicId), eq(billingPatientMonths.period, period)),
    );
}

export async function insertRunRows(
  db: Db,
  clinicId: number,
  period: string,
  rows: readonly PatientMonthRow[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  // One JSON parameter for the batch: building 2,000 rows of parameters was most of the cost.
  const batch = JSON.stringify(
    rows.map((row) => ({
      patient_id: row.patientId,
      billable: row.billable,
      upcoming: row.upcoming,
      not_billable: row.notBillable,
      units: row.units,
      amount: row.amount,
      attention: row.attention,
      staff: row.staff,
    })),
  );
  await db.execute(sql`
    insert into billing_patient_months
      (clinic_id, period, patient_id, billable, upcoming, not_billable, units, amount, attention,
        staff)
    select ${clinicId}, ${period}, r.patient_id, r.billable, r.upcoming, r.not_billable, r.units,
      r.amount, r.attention, r.staff
    from jsonb_to_recordset(${batch}::jsonb) as r(patient_id int, billable jsonb, upcoming jsonb,
      not_billable jsonb, units int, amount double precision, attention boolean, staff jsonb)`);
}

export async function upsertRun(
  db: Db,
  clinicId: number,
  period: string,
  run: StoredRun,
): Promise<void> {
  await db
    .insert(billingRuns)
    .values({ clinicId, period, ...run })
    .onConflictDoUpdate({ target: [billingRuns.clinicId, billingRuns.period], set: { ...run } });
}

/** The stored runs of a year's months, for the yearly chart. */
export async function runsOfYear(
  db: Db,
  clinicId: number,
  year: number,
): Promise<Map<string, StoredRun>> {
  const rows = await db
    .select({
      period: billingRuns.period,
      computedAt: billingRuns.computedAt,
      closed: billingRuns.closed,
      totals: billingRuns.totals,
    })
    .from(billingRuns)
    .where(and(eq(billingRuns.clinicId, clinicId), sql`${billingRuns.period} like ${`${year}-%`}`));
  return new Map(rows.map(({ period, ...run }) => [period, run]));
}

export type PatientFilter = 'all' | 'billable' | 'missing';

/** A patient's month as stored, with the names the page and the file show. */
const patientMonthColumns = {
  patientId: billingPatientMonths.patientId,
  billable: billingPatientMonths.billable,
  upcoming: billingPatientMonths.upcoming,
  notBillable: billingPatientMonths.notBillable,
  units: billingPatientMonths.units,
  amount: billingPatientMonths.amount,
  attention: billingPatientMonths.attention,
  staff: billingPatientMonths.staff,
  firstName: patients.firstName,
  lastName: patients.lastName,
};

export interface PatientMonthListing extends PatientMonthRow {
  firstName: string;
  lastName: string;
  rtmCovered: boolean;
}

/** A page of a month's patients, most to bill first, with their names. */
export async function patientMonthsPage(
  db: Db,
  clinicId: number,
  period: string,
  query: {
    filter: PatientFilter;
    search?: string | undefined;
    offset: number;
    limit: number;
    /** The filter's count from the run's totals; a search counts its own matches. */
    storedCount: number;
  },
): Promise<{ rows: PatientMonthListing[]; count: number }> {
  const conditions: SQL[] = [
    eq(billingPatientMonths.clinicId, clinicId),
    eq(billingPatientMonths.period, period),
  ];
  if (query.filter === 'billable') {
    conditions.push(sql`${billingPatientMonths.units} > 0`);
  } else if (query.filter === 'missing') {
    conditions.push(eq(billingPatientMonths.attention, true));
  }
  const words = query.search ? normaliseSearchText(query.search) : '';
  if (words) {
    conditions.push(sql`${patients.searchName} like ${`%${escapeLike(words)}%`}`);
  }
  const where = and(...conditions);
  const [rows, count] = await Promise.all([
    db
      .select({
        ...patientMonthColumns,
        rtmCovered: patients.isRtmCovered,
      })
      .from(billingPatientMonths)
      .innerJoin(patients, eq(patients.id, billingPatientMonths.patientId))
      .where(where)
      // As the index orders it (drizzle's desc index is NULLS LAST, a plain DESC is NULLS FIRST):
      // otherwise PostgreSQL sorts the month instead of reading 25 rows off the index.
      .orderBy(
        sql`${billingPatientMonths.amount} desc nulls last`,
        asc(billingPatientMonths.patientId),
      )
      .limit(query.limit)
      .offset(query.offset),
    words
      ? db
          .select({ count: sql<number>`count(*)::int` })
          .from(billingPatientMonths)
          .innerJoin(patients, eq(patients.id, billingPatientMonths.patientId))
          .where(where)
          .then(([total]) => total?.count ?? 0)
      : query.storedCount,
  ]);
  return { rows, count };
}

export interface BillingFileRow extends PatientMonthRow {
  firstName: string;
  lastName: string;
  birthday: string | null;
  selectedCode: string | null;
  rtmCovered: boolean;
}

/**
 * The billable rows of a month, for the billing file, in the patients' name order: never a patient
 * whose RTM coverage was turned off since the run, nor a patient removed since.
 */
export async function billableRows(
  db: Db,
  clinicId: number,
  period: string,
): Promise<BillingFileRow[]> {
  return db
    .select({
      ...patientMonthColumns,
      birthday: patients.birthday,
      selectedCode: patients.selectedCode,
      rtmCovered: patients.isRtmCovered,
    })
    .from(billingPatientMonths)
    .innerJoin(patients, eq(patients.id, billingPatientMonths.patientId))
    .where(
      and(
        eq(billingPatientMonths.clinicId, clinicId),
        eq(billingPatientMonths.period, period),
        sql`${billingPatientMonths.units} > 0`,
        eq(patients.isRtmCovered, true),
        sql`${patients.status} <> 'removed'`,
      ),
    )
    .orderBy(sql`${patients.sortName} collate "C"`, asc(patients.id));
}

// ── Uploaded files ──────────────────────────────────────────────────────────────

const fileColumns = {
  id: billingFiles.id,
  period: billingFiles.period,
  name: billingFiles.name,
  size: billingFiles.size,
  contentType: billingFiles.contentType,
  uploadedAt: billingFiles.uploadedAt,
  uploaderId: users.id,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

export type UploadedFileRow = {
  id: number;
  period: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: Date;
  uploaderId: number;
  uploaderFirstName: string;
  uploaderLastName: string;
};

export async function uploadedFile(
  db: Db,
  clinicId: number,
  period: string,
): Promise<UploadedFileRow | null> {
  const [row] = await db
    .select(fileColumns)
    .from(billingFiles)
    .innerJoin(users, eq(users.id, billingFiles.uploadedBy))
    .where(and(eq(billingFiles.clinicId, clinicId), eq(billingFiles.period, period)));
  return row ?? null;
}

export async function uploadedFileContent(
  db: Db,
  clinicId: number,
  period: string,
): Promise<{ name: string; contentType: string; content: Buffer } | null> {
  const [row] = await db
    .select({
      name: billingFiles.name,
      contentType: billingFiles.contentType,
      content: billingFiles.content,
    })
    .from(billingFiles)
    .where(and(eq(billingFiles.clinicId, clinicId), eq(billingFiles.period, period)));
  return row ?? null;
}

export async function uploadedFiles(db: Db, clinicId: number): Promise<UploadedFileRow[]> {
  return db
    .select(fileColumns)
    .from(billingFiles)
    .innerJoin(users, eq(users.id, billingFiles.uploadedBy))
    .where(eq(billingFiles.clinicId, clinicId))
    .orderBy(desc(billingFiles.period));
}

/** A new upload for a month replaces the last one. */
export async function upsertUploadedFile(
  db: Db,
  file: {
    clinicId: number;
    period: string;
    name: string;
    contentType: string;
    content: Buffer;
    uploadedBy: number;
    uploadedAt: Date;
  },
): Promise<number> {
  const values = { ...file, size: file.content.length };
  const [row] = await db
    .insert(billingFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [billingFiles.clinicId, billingFiles.period],
      set: {
        name: values.name,
        contentType: values.contentType,
        content: values.content,
        size: values.size,
        uploadedBy: values.uploadedBy,
        uploadedAt: values.uploadedAt,
      },
    })
    .returning({ id: billingFiles.id });
  return row!.id;
}

/** Raises the '1' badge (spec §2) for the clinic's staff who see billing. */
export async function flagNewBillingFile(
  db: Db,
  clinicId: number,
  roles: readonly string[],
): Promise<void> {
  await db
    .update(users)
    .set({ isNewBillingUploaded: true })
    .where(
      and(
        eq(users.clinicId, clinicId),
        sql`${users.role} in (${sql.join(
          roles.map((role) => sql`${role}`),
          sql`, `,
        )})`,
        sql`${users.deactivatedAt} is null`,
      ),
    );
}
