/**
 * How monitoring time counts (issue 13, domain/rtm.md), as pure functions: what a save credits,
 * how credited time splits across the clinic's days, the 30-day data interval, what a patient's
 * month still needs, and the order of the priority list.
 */
import {
  RTM_FIRST_THRESHOLD_MINUTES,
  RTM_DATA_DAYS_FULL as DATA_DAYS_FULL,
  RTM_DATA_DAYS_MIN as DATA_DAYS_MIN,
  RTM_DATA_INTERVAL_DAYS as DATA_INTERVAL_DAYS,
  RTM_MAIN_THRESHOLD_MINUTES,
  nextThresholdMinutes,
  remainingMinutes,
  wholeMinutes,
} from '@homestretch/contract/monitoring/rtm-minutes';
import type { RtmNeed, RtmPatientMonth } from '@homestretch/contract/monitoring/rtm-month';
import { addDays, daysBetween, monthDays, monthStart, shortDate } from '../../platform/calendar';

/** A session nobody has saved for this long was left open (tab killed, laptop closed). */
export const ABANDONED_AFTER_MS = 10 * 60_000;

export interface SessionClock {
  startedAt: Date;
  /** Seconds already credited to the session. */
  credited: number;
  lastSavedAt: Date | null;
}

/**
 * The seconds a session counts after a save at `now`. The client's cumulative count is believed
 * up to the time that really passed on the server's clock since the start; without a count, the
 * time since the last save counts. Never less than already credited: a late or retried save with
 * a smaller count takes nothing back, and never more than the session has lasted.
 */
export function creditedSeconds(
  session: SessionClock,
  now: Date,
  claimed: number | undefined,
): number {
  const lasted = Math.max(0, Math.floor((now.getTime() - session.startedAt.getTime()) / 1000));
  const since = session.lastSavedAt ?? session.startedAt;
  const target =
    claimed ?? session.credited + Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  return Math.max(session.credited, Math.min(target, lasted));
}

/**
 * The 30-day interval holding `today`, counted from the episode's first day with data (interval 1
 * = days 1–30), as billing counts device-supply days (domain/rtm.md).
 */
export function dataInterval(
  from: string,
  today: string,
): { number: number; start: string; end: string } | null {
  const elapsed = daysBetween(from, today);
  if (elapsed < 0) {
    return null;
  }
  const index = Math.floor(elapsed / DATA_INTERVAL_DAYS);
  const start = addDays(from, index * DATA_INTERVAL_DAYS);
  return { number: index + 1, start, end: addDays(start, DATA_INTERVAL_DAYS - 1) };
}

/** The code the next threshold earns: 98979 at 10 minutes, 98980 at 20, 98981 after. */
export function thresholdCode(thresholdMinutes: number): string {
  if (thresholdMinutes <= RTM_FIRST_THRESHOLD_MINUTES) {
    return '98979';
  }
  return thresholdMinutes <= RTM_MAIN_THRESHOLD_MINUTES ? '98980' : '98981';
}

export interface PatientMonthFacts {
  id: number;
  first_name: string;
  last_name: string;
  selected_code: string | null;
  /** Monitoring seconds of the calendar month, every therapist's. */
  seconds: number;
  /** The episode's first day with data in the clinic's zone; null before onboarding or data. */
  intervalFrom: string | null;
  /** Days with data in the interval holding today. */
  dataDays: number;
  lastCallAt: string | null;
}

/**
 * One patient's month against the thresholds, with what the claims still need and by when.
 * `today` is the clinic's date; it falls in `month` for the current month, and the needs of a
 * month already over are none (nothing can still happen in it).
 */
export function patientMonth(
  facts: PatientMonthFacts,
  month: string,
  today: string,
): RtmPatientMonth {
  const { to: monthEnd } = monthDays(month);
  const current = monthStart(today) === `${month}-01`;
  const daysLeft = current ? daysBetween(today, monthEnd) + 1 : 0;
  const interval = facts.intervalFrom ? dataInterval(facts.intervalFrom, today) : null;
  const next = nextThresholdMinutes(facts.seconds);
  const remaining = remainingMinutes(facts.seconds);
  const needs: RtmNeed[] = [];
  if (current) {
    needs.push({
      kind: 'minutes',
      text: `${remaining} more minute${remaining === 1 ? '' : 's'} by ${shortDate(monthEnd)} for ${thresholdCode(next)}`,
      due_on: monthEnd,
    });
    if (!facts.lastCallAt) {
      needs.push({
        kind: 'call',
        text: `A live call by ${shortDate(monthEnd)}`,
        due_on: monthEnd,
      });
    }
    if (interval && facts.dataDays < DATA_DAYS_FULL) {
      const target = dataDaysTarget(facts.dataDays, daysBetween(today, interval.end) + 1);
      if (target !== null) {
        const more = target - facts.dataDays;
        needs.push({
          kind: 'data_days',
          text: `${more} more day${more === 1 ? '' : 's'} with data by ${shortDate(interval.end)} for ${target === DATA_DAYS_FULL ? '98977' : '98985'}`,
          due_on: interval.end,
        });
      }
    }
  }
  return {
    id: facts.id,
    first_name: facts.first_name,
    last_name: facts.last_name,
    selected_code: facts.selected_code,
    seconds: facts.seconds,
    minutes: wholeMinutes(facts.seconds),
    next_threshold_minutes: next,
    remainingMinutes: remaining,
    days_left_in_month: daysLeft,
    month_ends_on: monthEnd,
    interval: interval ? { ...interval, data_days: facts.dataDays } : null,
    has_interactive_call: facts.lastCallAt !== null,
    last_call_at: facts.lastCallAt,
    needs,
  };
}

/**
 * The data days to aim for: 16 (98977) while the interval's days left can still reach it, else
 * 2 (98985) if not reached yet; null when neither is reachable or needed.
 */
export function dataDaysTarget(dataDays: number, daysLeftInInterval: number): number | null {
  if (dataDays + daysLeftInInterval >= DATA_DAYS_FULL) {
    return DATA_DAYS_FULL;
  }
  if (dataDays < DATA_DAYS_MIN && dataDays + daysLeftInInterval >= DATA_DAYS_MIN) {
    return DATA_DAYS_MIN;
  }
  return null;
}

/**
 * What a patient's month bills if it ended today: nothing (under 10 minutes, or no live call,
 * which every treatment-management code needs, domain/rtm.md), 98979, or 98980 with its add-ons.
 */
export function billableTier(p: RtmPatientMonth): 0 | 1 | 2 {
  if (!p.has_interactive_call || p.minutes < RTM_FIRST_THRESHOLD_MINUTES) {
    return 0;
  }
  return p.minutes < RTM_MAIN_THRESHOLD_MINUTES ? 1 : 2;
}

/** The minutes still needed for the next code the tier can bill: with none yet, the first. */
function minutesToBill(p: RtmPatientMonth): number {
  return billableTier(p) === 0
    ? Math.max(0, RTM_FIRST_THRESHOLD_MINUTES - p.minutes)
    : p.remainingMinutes;
}

/**
 * Priority order: the claim most at risk first (issue 30, item 4). A month that bills nothing
 * yet loses everything without action, one at 98979 loses the step to 98980, one at 98980 only
 * an add-on; so by that tier, then the most minutes needed per day left, then the larger claim
 * that waits (more minutes), then no live call yet (the top denial cause), then more data days,
 * then by name. The priority panel says the same in words.
 */
export function comparePriority(a: RtmPatientMonth, b: RtmPatientMonth): number {
  const perDay = (p: RtmPatientMonth) => minutesToBill(p) / Math.max(1, p.days_left_in_month);
  return (
    billableTier(a) - billableTier(b) ||
    perDay(b) - perDay(a) ||
    b.minutes - a.minutes ||
    Number(a.has_interactive_call) - Number(b.has_interactive_call) ||
    (b.interval?.data_days ?? 0) - (a.interval?.data_days ?? 0) ||
    a.last_name.localeCompare(b.last_name) ||
    a.first_name.localeCompare(b.first_name) ||
    a.id - b.id
  );
}

export function rankPriority(patients: readonly RtmPatientMonth[]): RtmPatientMonth[] {
  return [...patients].sort(comparePriority);
}

/** The month of a clinic date, `YYYY-MM`. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}
