/** Stored billing runs: a clinic's month as last computed, and each patient's row of it. */
import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type BillingRunTotals,
  type BillingStaff,
  billingPatientMonths,
  billingRuns,
  patients,
} from '../../db/schema';
import type { BillingLine } from '@homestretch/contract/billing/billing-units';
import type { RtmNotBillable } from '@homestretch/contract/billing/rtm-case';
import { escapeLike, normaliseSearchText } from '../../platform/search-text';

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
