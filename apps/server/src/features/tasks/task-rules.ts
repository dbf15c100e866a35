/**
 * When a patient's data calls for a task (issue 13, contract tasks/task-kinds.ts), and the words
 * that say why. Pure: the job (task-job.ts) gathers each clinic's facts in a few set-based queries
 * and asks these functions; the unit tests pin the numbers. Days are the clinic's calendar days.
 */
import type { TaskKind } from '@homestretch/contract/tasks/task-kinds';
import {
  RTM_MAIN_THRESHOLD_MINUTES,
  nextThresholdMinutes,
  remainingMinutes,
  wholeMinutes,
} from '@homestretch/contract/monitoring/rtm-minutes';
import { addDays, daysBetween, daysInMonth, monthStart } from '../../platform/calendar';

/** No data: nothing from the app on this many clinic days in a row, today included. */
export const NO_DATA_DAYS = 3;
/** Pain rising: the last 7 days' mean at least this many points above the 7 days before. */
export const PAIN_RISE_TASK_POINTS = 2;
/** Call due: the month ends within this many days and no live call is logged (domain/rtm.md). */
export const CALL_DUE_DAYS_LEFT = 5;
/** Minutes short: this many days or fewer left and the month below 98980's 20 minutes. */
export const MINUTES_SHORT_DAYS_LEFT = 7;

export interface TaskDraft {
  patientId: number;
  kind: TaskKind;
  /** Makes the kind once per patient and period (tasks.period_key). */
  periodKey: string;
  reason: string;
  dueOn: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-21` → `Nov 21`: tasks are about the last few weeks, so the year goes without saying. */
export function shortDay(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** The last day of the month holding `date`. */
export function monthEnd(date: string): string {
  return addDays(monthStart(date), daysInMonth(date) - 1);
}

/** Days of the month after `today`: 0 on its last day. */
export function daysLeftInMonth(today: string): number {
  return daysBetween(today, monthEnd(today));
}

/** The ISO 8601 week holding `date` (`2026-W48`): weeks start on Monday, week 1 holds a Thursday. */
export function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = addDays(date, 3 - weekday);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The first of the quiet days the job looks for data in: today and the days before it. */
export function quietWindowStart(today: string): string {
  return addDays(today, -(NO_DATA_DAYS - 1));
}

/**
 * The last day a patient may have been onboarded on and be asked about missing data: a patient
 * onboarded yesterday has had no chance to send three days of it.
 */
export function onboardedNoLaterThan(today: string): string {
  return addDays(today, -NO_DATA_DAYS);
}

/**
 * No data for NO_DATA_DAYS days. The gap starts the day after the last data (or on onboarding,
 * when nothing came since), which keys the task: a new gap after data came back is a new task.
 */
export function noDataTask(input: {
  patientId: number;
  today: string;
  onboardedOn: string;
  lastDataDay: string | null;
}): TaskDraft | null {
  const { today, onboardedOn, lastDataDay } = input;
  const dataSinceOnboarding = lastDataDay !== null && lastDataDay >= onboardedOn;
  const gapStart = dataSinceOnboarding ? addDays(lastDataDay, 1) : onboardedOn;
  if (onboardedOn > onboardedNoLaterThan(today) || gapStart > quietWindowStart(today)) {
    return null;
  }
  return {
    patientId: input.patientId,
    kind: 'no_data',
    periodKey: gapStart,
    reason: dataSinceOnboarding
      ? `No data from the app since ${shortDay(lastDataDay)}`
      : `No data from the app since onboarding on ${shortDay(onboardedOn)}`,
    dueOn: today,
  };
}

/**
 * Pain up PAIN_RISE_TASK_POINTS or more: the mean of the last 7 days' daily pain against the 7
 * days before (the pain banner's windows, features/health/banner-rules.ts painTrend), once a week.
 */
export function painRisingTask(input: {
  patientId: number;
  today: string;
  recent: number;
  previous: number;
}): TaskDraft | null {
  if (input.recent - input.previous < PAIN_RISE_TASK_POINTS) {
    return null;
  }
  return {
    patientId: input.patientId,
    kind: 'pain_rising',
    periodKey: isoWeek(input.today),
    reason: `Pain up from ${input.previous.toFixed(1)} to ${input.recent.toFixed(1)} over the last week`,
    dueOn: input.today,
  };
}

/** The month without its live call, CALL_DUE_DAYS_LEFT days or fewer before it ends. */
export function callDueTask(input: {
  patientId: number;
  today: string;
  hasCallThisMonth: boolean;
}): TaskDraft | null {
  if (input.hasCallThisMonth || daysLeftInMonth(input.today) > CALL_DUE_DAYS_LEFT) {
    return null;
  }
  const end = monthEnd(input.today);
  return {
    patientId: input.patientId,
    kind: 'call_due',
    periodKey: input.today.slice(0, 7),
    reason: `No live call logged this month; the month ends ${shortDay(end)}`,
    dueOn: end,
  };
}

const minutesWord = (minutes: number) => `${minutes} more ${minutes === 1 ? 'minute' : 'minutes'}`;

/**
 * The month's monitoring below 98980's 20 minutes with MINUTES_SHORT_DAYS_LEFT days or fewer
 * left. It says how many minutes 98980 still needs, and, below 10, how many 98979 needs.
 */
export function minutesShortTask(input: {
  patientId: number;
  today: string;
  monitoredSeconds: number;
}): TaskDraft | null {
  const { monitoredSeconds, today } = input;
  if (
    wholeMinutes(monitoredSeconds) >= RTM_MAIN_THRESHOLD_MINUTES ||
    daysLeftInMonth(today) > MINUTES_SHORT_DAYS_LEFT
  ) {
    return null;
  }
  const end = monthEnd(today);
  const toMain = Math.ceil((RTM_MAIN_THRESHOLD_MINUTES * 60 - monitoredSeconds) / 60);
  const first =
    nextThresholdMinutes(monitoredSeconds) < RTM_MAIN_THRESHOLD_MINUTES
      ? ` (${remainingMinutes(monitoredSeconds)} for 98979)`
      : '';
  return {
    patientId: input.patientId,
    kind: 'minutes_short',
    periodKey: today.slice(0, 7),
    reason: `${minutesWord(toMain)} needed by ${shortDay(end)} for 98980${first}`,
    dueOn: end,
  };
}
