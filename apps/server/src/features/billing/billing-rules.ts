/**
 * The billing domain's own rules around the RTM engine (rtm-rules.ts): which months may be asked
 * for, when a stored computation is stale, and a patient's records turned into the engine's case.
 */
import type {
  RtmCaseParsed,
  RtmMonitoringSchema,
  RtmNotBillable,
} from '@homestretch/contract/billing/rtm-case';
import type { z } from 'zod';
import { addDays, localDateTime, monthDays } from '../../platform/calendar';

/** `{month: 11, year: 2026}` → `2026-11`. */
import { periodTag } from '@homestretch/contract/billing/billing-period';

export { periodTag };

export type PeriodCheck = { ok: true } | { ok: false; reason: string };

/**
 * A month may be asked for from the clinic's first month to the current one, both in the clinic's
 * zone: a later month has nothing to bill yet, an earlier one had no clinic to bill for.
 */
export function checkPeriod(period: string, today: string, clinicSince: string): PeriodCheck {
  const current = today.slice(0, 7);
  if (period > current) {
    return { ok: false, reason: `${period} is in the future: the latest month is ${current}` };
  }
  const first = clinicSince.slice(0, 7);
  if (period < first) {
    return { ok: false, reason: `${period} is before the clinic's first month, ${first}` };
  }
  return { ok: true };
}

/**
 * The months of `year` the yearly chart shows figures for: up to the asked month, and only those
 * billing can judge (not in the future, not before the clinic). The others are shown empty.
 */
export function chartPeriods(
  year: number,
  upToMonth: number,
  today: string,
  clinicSince: string,
): string[] {
  return Array.from({ length: 12 }, (_, index) => periodTag({ month: index + 1, year })).filter(
    (period, index) => index + 1 <= upToMonth && checkPeriod(period, today, clinicSince).ok,
  );
}

/** Whether the month is over in the clinic's zone on `today`. */
export function periodClosed(period: string, today: string): boolean {
  return today > monthDays(period).to;
}

/** An open month's figures are recomputed after this long, so the dashboard trails by at most it. */
export const REFRESH_AFTER_MS = 5 * 60_000;
/** Data uploaded late by a phone that was offline still counts for a closed month this long. */
export const LATE_DATA_DAYS = 7;

/**
 * Whether a stored computation should be redone: an open month's after REFRESH_AFTER_MS; a closed
 * month's until one made LATE_DATA_DAYS after it ended, since phones upload late data.
 */
export function runIsStale(
  run: { computedAt: Date; computedOn: string },
  period: string,
  now: Date,
): boolean {
  if (now.getTime() - run.computedAt.getTime() < REFRESH_AFTER_MS) {
    return false;
  }
  return run.computedOn <= addDays(monthDays(period).to, LATE_DATA_DAYS);
}

type Monitoring = z.infer<typeof RtmMonitoringSchema>;

/** A credited stretch of monitoring on one clinic day (monitoring_days), and who did it. */
export interface MonitoredDay {
  day: string;
  seconds: number;
  sessionStartedAt: Date;
  sessionStartDay: string;
  assistant: 'PTA' | 'OTA' | null;
}

/**
 * The engine's monitoring entries from the server's per-day credit: a session's first day starts
 * when the session did, a later day at its local midnight, and each lasts the seconds credited
 * that day (never the wall-clock span: idle time was not credited).
 */
export function monitoringEntries(
  days: readonly MonitoredDay[],
  dayStart: (day: string) => Date,
  timeZone: string,
): Monitoring[] {
  return days.map((entry) => {
    const start =
      entry.day === entry.sessionStartDay ? entry.sessionStartedAt : dayStart(entry.day);
    const end = new Date(start.getTime() + entry.seconds * 1000);
    return {
      start: localDateTime(start, timeZone),
      end: localDateTime(end, timeZone),
      assistant: entry.assistant ?? false,
    };
  });
}

/** The records of one patient the engine reads, gathered by billing.repo. */
export interface PatientRecords {
  rtmCovered: boolean;
  /** The episodes of care, as clinic dates: the earlier ones that ended, and the one now. */
  episodes: readonly { start: string; end: string | null }[];
  dataDays: readonly string[];
  monitored: readonly MonitoredDay[];
  calls: readonly { at: Date; seconds: number; kind: 'call' | 'secure_message' }[];
}

export function rtmCase(
  records: PatientRecords,
  period: string,
  timeZone: string,
  dayStart: (day: string) => Date,
  asOf: Date | null,
): RtmCaseParsed {
  return {
    time_zone: timeZone,
    rtm_covered: records.rtmCovered,
    episodes: [...records.episodes],
    data_days: [...new Set(records.dataDays)].sort(),
    monitoring: monitoringEntries(records.monitored, dayStart, timeZone),
    calls: records.calls.map((call) => ({
      at: localDateTime(call.at, timeZone),
      seconds: call.seconds,
      kind: call.kind,
    })),
    month: period,
    ...(asOf === null ? {} : { as_of: localDateTime(asOf, timeZone) }),
  };
}

const DEVICE_CODES: readonly string[] = ['98977', '98985'];

/**
 * Whether a code not billed needs someone: it can still be earned (a day to do it by), or it was
 * lost (the month, or the 30-day period that ended in it, is over). A device code whose period
 * ends in a later month is only a note: nothing is missing yet.
 */
export function needsAttention(entry: RtmNotBillable): boolean {
  return entry.by !== null || !DEVICE_CODES.includes(entry.code) || entry.interval !== undefined;
}

/**
 * A claim cannot carry a date of service that has not come (issue 30): in an open month, a line
 * dated after the clinic's `today` (a 30-day period that has its days with data but ends later)
 * is held back as upcoming, out of the totals and the billing file, until that day.
 */
export function splitByDateOfService<T extends { date_of_service: string }>(
  lines: readonly T[],
  today: string,
): { due: T[]; upcoming: T[] } {
  return {
    due: lines.filter((line) => line.date_of_service <= today),
    upcoming: lines.filter((line) => line.date_of_service > today),
  };
}

/** Staff who monitored a patient in the month, with the seconds each was credited. */
export interface MonitoringStaff {
  userId: number;
  name: string;
  npi: string | null;
  assistant: 'PTA' | 'OTA' | null;
  seconds: number;
}

/**
 * Who renders the management service: the therapist (not an assistant) credited the most time
 * that month, else the patient's first treating therapist; assistants are named beside them so
 * the CQ/CO line shows who did the work under whose supervision.
 */
export function renderingStaff(
  monitoring: readonly MonitoringStaff[],
  treating: { userId: number; name: string; npi: string | null } | null,
): {
  rendering: { id: number; name: string; npi: string | null } | null;
  assistants: string[];
} {
  const therapists = monitoring
    .filter((staff) => staff.assistant === null)
    .sort((a, b) => b.seconds - a.seconds || a.userId - b.userId);
  const top = therapists[0];
  const rendering = top
    ? { id: top.userId, name: top.name, npi: top.npi }
    : treating
      ? { id: treating.userId, name: treating.name, npi: treating.npi }
      : null;
  const assistants = monitoring
    .filter((staff) => staff.assistant !== null)
    .map((staff) => `${staff.name} (${staff.assistant})`);
  return { rendering, assistants };
}
