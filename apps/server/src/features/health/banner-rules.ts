/**
 * Banners on the patient record: the few things a therapist should act on, computed from the
 * patient's data. Pure; thresholds named and pinned by the unit tests.
 */
import type { Banner, PatientStatus } from '@homestretch/contract/common/enums';
import type { ActiveBanner } from '@homestretch/contract/health/banners';
import {
  addDays,
  daysBetween,
  daysInMonth,
  localDate,
  monthStart,
  startOfLocalDay,
} from '../../platform/calendar';
import { mean } from './progress-rules';

/** Pain rising: last 7 days' mean at least this many points above the 7 days before. */
export const PAIN_RISE_POINTS = 1;
/** Each 7-day window needs this many days with a pain report to be compared. */
export const PAIN_MIN_REPORTS = 2;
/** No activity: nothing from the app for this many days. */
export const NO_ACTIVITY_DAYS = 3;
/** Low adherence: under this share of the program done over the last 7 days. */
export const LOW_ADHERENCE = 0.5;
/** Call due: an RTM month without a logged call, with this many days or fewer left. */
export const CALL_DUE_DAYS_LEFT = 10;

export interface BannerInput {
  /** Today in the clinic's time zone. */
  today: string;
  status: PatientStatus;
  /** Local date of onboarding; banners start with the episode of care. */
  onboardedOn: string | null;
  isRtmCovered: boolean;
  /** Mean pain per day over (at least) the last 14 days. */
  painByDay: ReadonlyMap<string, number>;
  /** The last day the app sent any monitored data. */
  lastDataDay: string | null;
  /** Program adherence over the last 7 days (0-1), null without a program. */
  adherence: number | null;
  /** A call with a duration was logged this calendar month. */
  hasCallThisMonth: boolean;
}

const one = (value: number) => value.toFixed(1);

/** Pain means of the last 7 days and the 7 before, when both have enough reports. */
export function painTrend(
  painByDay: ReadonlyMap<string, number>,
  today: string,
): { recent: number; previous: number } | null {
  const window = (fromDaysAgo: number) =>
    Array.from({ length: 7 }, (_, index) =>
      painByDay.get(addDays(today, -fromDaysAgo - index)),
    ).filter((value): value is number => value !== undefined);
  const recent = window(0);
  const previous = window(7);
  if (recent.length < PAIN_MIN_REPORTS || previous.length < PAIN_MIN_REPORTS) {
    return null;
  }
  const recentMean = mean(recent);
  const previousMean = mean(previous);
  return recentMean === null || previousMean === null
    ? null
    : { recent: recentMean, previous: previousMean };
}

/** The banners the patient's data calls for now, in a fixed order (most urgent first). */
export function computeBanners(input: BannerInput): ActiveBanner[] {
  if (input.status !== 'active' || input.onboardedOn === null) {
    return [];
  }
  const banners: ActiveBanner[] = [];
  const trend = painTrend(input.painByDay, input.today);
  if (trend && trend.recent - trend.previous >= PAIN_RISE_POINTS) {
    banners.push({
      banner: 'pain_rising',
      title: 'Pain is rising',
      message: `Average pain went from ${one(trend.previous)} to ${one(trend.recent)} over the last week.`,
    });
  }
  const since = input.lastDataDay ?? input.onboardedOn;
  const quietDays = daysBetween(since, input.today);
  if (quietDays >= NO_ACTIVITY_DAYS) {
    banners.push({
      banner: 'no_activity',
      title: 'No activity',
      message: input.lastDataDay
        ? `No data from the app for ${quietDays} days.`
        : `No data from the app since onboarding ${quietDays} days ago.`,
    });
  }
  if (input.adherence !== null && input.adherence < LOW_ADHERENCE) {
    banners.push({
      banner: 'low_adherence',
      title: 'Low adherence',
      message: `${Math.round(input.adherence * 100)}% of the program done in the last 7 days.`,
    });
  }
  const daysLeft = daysInMonth(input.today) - Number(input.today.slice(8, 10));
  if (input.isRtmCovered && !input.hasCallThisMonth && daysLeft < CALL_DUE_DAYS_LEFT) {
    banners.push({
      banner: 'call_due',
      title: 'Call due',
      message: `No live call logged this month: RTM management codes need one in the next ${daysLeft + 1} ${daysLeft === 0 ? 'day' : 'days'}.`,
    });
  }
  return banners;
}

const DAY_MS = 86_400_000;

/**
 * When a snooze asked at `now` for `days` ends. It never outlasts the deadline its banner is
 * about: "Call due" is about the month's live call (domain/rtm.md), so its snooze ends as the
 * month's last day begins in the clinic's zone, while a call still counts; snoozed on that last
 * day, it ends with the month. (A 7-day snooze with 8 days left once hid it until the month was
 * over.) The other banners have no deadline and last the days asked.
 */
export function snoozeEnd(input: {
  banner: Banner;
  now: Date;
  days: number;
  timeZone: string;
}): Date {
  const asked = new Date(input.now.getTime() + input.days * DAY_MS);
  if (input.banner !== 'call_due') {
    return asked;
  }
  const today = localDate(input.now, input.timeZone);
  const lastDay = addDays(monthStart(today), daysInMonth(today) - 1);
  const lastDayBegins = startOfLocalDay(lastDay, input.timeZone);
  const deadline =
    lastDayBegins > input.now
      ? lastDayBegins
      : startOfLocalDay(addDays(lastDay, 1), input.timeZone);
  return asked < deadline ? asked : deadline;
}
