/**
 * A clinic's month judged by the RTM rules: the records of its patients read a batch at a time,
 * each patient's case evaluated (rtm-rules.ts), and the result stored as one run so the balances
 * dashboard and the billing file read it instead of every patient's records.
 */
import type { BillingLine } from '@homestretch/contract/billing/billing-units';
import type { RtmCaseParsed } from '@homestretch/contract/billing/rtm-case';
import type { Db } from '../../db/client';
import type { BillingRunTotals } from '../../db/schema';
import { addDays, localDate, monthDays, startOfLocalDay } from '../../platform/calendar';
import { billingRunLock } from '../../platform/advisory-locks';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { lockForTransaction, tryLockForTransaction } from '../../platform/jobs';
import type { BillingClinic } from './billing.repo';
import {
  type BilledPatient,
  coveredPatientsAfter,
  dataDays,
  episodesOf,
  firstTreatingTherapists,
  interactiveCalls,
  messageExchanges,
  monitoredDays,
} from './run-inputs.repo';
import {
  type PatientMonthRow,
  type StoredRun,
  deleteRunRows,
  findRun,
  insertRunRows,
  upsertRun,
} from './stored-runs.repo';
import {
  type MonitoringStaff,
  needsAttention,
  periodClosed,
  renderingStaff,
  rtmCase,
  splitByDateOfService,
} from './billing-rules';
import { type FeeSchedule, feeSchedule, priceLine } from './fee-schedule';
import { evaluateRtm } from './rtm-rules';

/** Patients read and judged per round trip: bounded memory for a clinic of any size. */
const BATCH = 2000;
/** Device-supply intervals that end in a month began up to 29 days before it. */
const INTERVAL_LOOKBACK_DAYS = 30;

interface MonthFrame {
  period: string;
  timeZone: string;
  days: { from: string; to: string };
  instants: { from: Date; to: Date };
  asOf: Date | null;
  /** The clinic's day the month is judged on: no line is billed with a later date of service. */
  today: string;
  closed: boolean;
  /** The clinic's billing info says secure messaging counts as the interactive communication. */
  countsMessaging: boolean;
  /** The amounts the lines are priced at (config.rtmFeeSchedule). */
  schedule: FeeSchedule;
}

export function monthFrame(
  clinic: BillingClinic,
  period: string,
  now: Date,
  schedule: FeeSchedule = feeSchedule(),
): MonthFrame {
  const days = monthDays(period);
  const today = localDate(now, clinic.timeZone);
  const closed = periodClosed(period, today);
  return {
    period,
    timeZone: clinic.timeZone,
    days,
    instants: {
      from: startOfLocalDay(days.from, clinic.timeZone),
      to: startOfLocalDay(addDays(days.to, 1), clinic.timeZone),
    },
    asOf: closed ? null : now,
    today,
    closed,
    countsMessaging: clinic.practiceInfo.messaging_counts_as_interactive === true,
    schedule,
  };
}

export interface JudgedPatient {
  row: PatientMonthRow;
  rtmCase: RtmCaseParsed;
}

/**
 * Reads a batch of patients' records in four statements (five where messaging counts), one after
 * another on the run's one connection, and judges each patient's month.
 */
export async function judgePatients(
  db: Db,
  scope: ClinicScope,
  frame: MonthFrame,
  batch: readonly BilledPatient[],
): Promise<JudgedPatient[]> {
  const ids = batch.map((patient) => patient.id);
  const days = await dataDays(db, scope, batch, {
    from: addDays(frame.days.from, -INTERVAL_LOOKBACK_DAYS),
    to: frame.days.to,
  });
  const monitored = await monitoredDays(db, scope, ids, frame.days);
  const calls = await interactiveCalls(db, scope, ids, frame.instants);
  const exchanges = frame.countsMessaging
    ? await messageExchanges(db, scope, ids, { ...frame.instants, timeZone: frame.timeZone })
    : [];
  const treating = await firstTreatingTherapists(db, scope, ids);
  const dayStart = (day: string) => startOfLocalDay(day, frame.timeZone);
  const monitoredOf = byPatient(monitored);
  const callsOf = byPatient([...calls, ...exchanges]);
  return batch.map((patient) => {
    const own = monitoredOf.get(patient.id) ?? [];
    const judgedCase = rtmCase(
      {
        rtmCovered: patient.rtmCovered,
        episodes: episodesOf(patient),
        dataDays: days.get(patient.id) ?? [],
        monitored: own.map((row) => ({
          day: row.day,
          seconds: row.seconds,
          sessionStartedAt: row.sessionStartedAt,
          sessionStartDay: localDate(row.sessionStartedAt, frame.timeZone),
          assistant: row.assistant,
        })),
        calls: callsOf.get(patient.id) ?? [],
      },
      frame.period,
      frame.timeZone,
      dayStart,
      frame.asOf,
    );
    const result = evaluateRtm(judgedCase);
    const { due: billable, upcoming } = splitByDateOfService(
      result.billable.map((line): BillingLine => priceLine(line, frame.schedule)),
      frame.today,
    );
    return {
      rtmCase: judgedCase,
      row: {
        patientId: patient.id,
        billable,
        upcoming,
        notBillable: result.not_billable,
        units: billable.reduce((sum, line) => sum + line.units, 0),
        amount: roundCents(billable.reduce((sum, line) => sum + (line.amount ?? 0), 0)),
        attention: result.not_billable.some(needsAttention),
        staff: renderingStaff(staffOf(own), treating.get(patient.id) ?? null),
      },
    };
  });
}

/** A batch's rows by patient, so judging each patient does not scan the whole batch. */
function byPatient<T extends { patientId: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.patientId);
    if (list) {
      list.push(row);
    } else {
      grouped.set(row.patientId, [row]);
    }
  }
  return grouped;
}

function staffOf(
  rows: readonly {
    userId: number;
    name: string;
    npi: string | null;
    assistant: 'PTA' | 'OTA' | null;
    seconds: number;
  }[],
): MonitoringStaff[] {
  const byUser = new Map<number, MonitoringStaff>();
  for (const row of rows) {
    const known = byUser.get(row.userId);
    byUser.set(row.userId, {
      userId: row.userId,
      name: row.name,
      npi: row.npi,
      assistant: row.assistant,
      seconds: (known?.seconds ?? 0) + row.seconds,
    });
  }
  return [...byUser.values()];
}

const roundCents = (amount: number) => Math.round(amount * 100) / 100;

export const NO_TOTALS: BillingRunTotals = {
  codes: [],
  units: 0,
  amount: 0,
  patients: 0,
  billablePatients: 0,
  attentionPatients: 0,
  rows: 0,
};

/**
 * The run's header (units, patients and dollars per code, and in all) with a batch of rows added:
 * folded batch by batch, so a run never holds more than one batch of patients.
 */
export function addToTotals(
  totals: BillingRunTotals,
  rows: readonly PatientMonthRow[],
): BillingRunTotals {
  const codes = new Map(totals.codes.map((total) => [total.code, { ...total }]));
  for (const row of rows) {
    for (const code of new Set(row.billable.map((line) => line.code))) {
      const total = codes.get(code) ?? { code, units: 0, patients: 0, amount: null };
      total.patients += 1;
      codes.set(code, total);
    }
    for (const line of row.billable) {
      const total = codes.get(line.code) ?? {
        code: line.code,
        units: 0,
        patients: 0,
        amount: null,
      };
      codes.set(line.code, total);
      total.units += line.units;
      if (line.amount !== null) {
        total.amount = roundCents((total.amount ?? 0) + line.amount);
      }
    }
  }
  return {
    codes: [...codes.values()].sort((a, b) => a.code.localeCompare(b.code)),
    units: totals.units + rows.reduce((sum, row) => sum + row.units, 0),
    amount: roundCents(totals.amount + rows.reduce((sum, row) => sum + row.amount, 0)),
    patients: totals.patients + rows.length,
    billablePatients: totals.billablePatients + rows.filter((row) => row.units > 0).length,
    attentionPatients: totals.attentionPatients + rows.filter((row) => row.attention).length,
    rows: totals.rows + rows.reduce((sum, row) => sum + row.billable.length, 0),
  };
}

/**
 * Computes and stores a clinic's month in one transaction, under an advisory lock on the clinic
 * and month so two nodes never compute the same month at once. `wait` false gives up (null) when
 * another node is at it; true waits for it and answers the run it stored.
 */
export async function computeRun(
  db: Db,
  clinic: BillingClinic,
  period: string,
  now: Date,
  wait: boolean,
  schedule: FeeSchedule = feeSchedule(),
): Promise<StoredRun | null> {
  return db.transaction(async (tx) => {
    if (wait) {
      await lockForTransaction(tx, billingRunLock(clinic.id, period));
      const done = await findRun(tx, clinic.id, period);
      if (done && done.computedAt >= now) {
        return done;
      }
    } else {
      if (!(await tryLockForTransaction(tx, billingRunLock(clinic.id, period)))) {
        return null;
      }
    }
    const frame = monthFrame(clinic, period, now, schedule);
    await deleteRunRows(tx, clinic.id, period);
    let totals = NO_TOTALS;
    let afterId = 0;
    for (;;) {
      const batch = await coveredPatientsAfter(
        tx,
        { clinicId: clinic.id },
        { timeZone: clinic.timeZone, ...frame.instants },
        afterId,
        BATCH,
      );
      if (batch.length === 0) {
        break;
      }
      const judged = await judgePatients(tx, { clinicId: clinic.id }, frame, batch);
      const rows = judged.map((patient) => patient.row);
      await insertRunRows(tx, clinic.id, period, rows);
      totals = addToTotals(totals, rows);
      afterId = onlyRow(batch.slice(-1), 'The last patient of a batch').id;
    }
    const run: StoredRun = { computedAt: now, closed: frame.closed, totals };
    await upsertRun(tx, clinic.id, period, run);
    return run;
  });
}
