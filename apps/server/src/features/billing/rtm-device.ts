/**
 * The codes counted in days with data (domain/rtm.md): set-up and education (98975), once per
 * episode of care, and device supply (98977 / 98985) per rolling 30-day interval.
 */
import type { RtmBillable, RtmCode, RtmNotBillable } from '@homestretch/contract/billing/rtm-case';
import {
  RTM_DATA_DAYS_FULL,
  RTM_DATA_DAYS_MIN,
  RTM_DATA_INTERVAL_DAYS,
} from '@homestretch/contract/monitoring/rtm-minutes';
import { addDays, daysBetween, shortDate } from '../../platform/calendar';
import {
  type Episode,
  type RtmContext,
  count,
  dateSpan,
  episodesWithin,
  monthName,
} from './rtm-context';

export const PLAN_OF_CARE_REASON = 'GP: the services of a physical-therapy plan of care';

export interface CodeOutcome {
  billable: RtmBillable[];
  notBillable: RtmNotBillable[];
}

export interface DataInterval {
  episode: Episode;
  /** 1 for days 1–30 from the first day with data, 2 for days 31–60, … */
  number: number;
  firstDataDay: string;
  start: string;
  end: string;
  /** Discharge ended the interval before its 30th day. */
  cut: boolean;
  days: number;
}

function episodeDataDays(ctx: RtmContext, episode: Episode): string[] {
  return ctx.dataDays.filter(
    (day) => day >= episode.start && (episode.end === null || day <= episode.end),
  );
}

/**
 * The 30-day intervals of an episode that start by `until`, from its first day with data; the
 * last one before discharge ends on the discharge day.
 */
export function episodeIntervals(ctx: RtmContext, episode: Episode, until: string): DataInterval[] {
  const days = episodeDataDays(ctx, episode);
  const [firstDataDay] = days;
  if (firstDataDay === undefined) {
    return [];
  }
  const intervals: DataInterval[] = [];
  for (let index = 0; ; index += 1) {
    const start = addDays(firstDataDay, index * RTM_DATA_INTERVAL_DAYS);
    if (start > until || (episode.end !== null && start > episode.end)) {
      return intervals;
    }
    const full = addDays(start, RTM_DATA_INTERVAL_DAYS - 1);
    const end = episode.end !== null && episode.end < full ? episode.end : full;
    intervals.push({
      episode,
      number: index + 1,
      firstDataDay,
      start,
      end,
      cut: end !== full,
      days: days.filter((day) => day >= start && day <= end).length,
    });
  }
}

/**
 * Days from `from` to `to` on which data can still arrive: from `as_of`'s date on (that day too,
 * unless it already has data). None when the month is judged closed.
 */
function daysStillPossible(ctx: RtmContext, from: string, to: string): number {
  if (!ctx.open || ctx.asOfDate === null || to < ctx.asOfDate) {
    return 0;
  }
  const first = from > ctx.asOfDate ? from : ctx.asOfDate;
  const todayCounted = first === ctx.asOfDate && ctx.dataDays.includes(ctx.asOfDate) ? 1 : 0;
  return Math.max(0, daysBetween(first, to) + 1 - todayCounted);
}

/** What `code` lacks to reach `needed` days with data out of `have` by `end`. */
function missingDays(
  ctx: RtmContext,
  code: RtmCode,
  needed: number,
  have: number,
  window: { start: string; end: string; words: string },
  interval?: { start: string; end: string },
): RtmNotBillable {
  const short = needed - have;
  const left = daysStillPossible(ctx, window.start, window.end);
  const base = { code, period: ctx.month, ...(interval ? { interval } : {}) };
  if (left >= short) {
    return {
      ...base,
      missing: [
        `${count(short, 'more day')} with data by ${shortDate(window.end)}`,
        `${have} of ${needed} days with data so far in ${window.words}`,
      ],
      by: window.end,
    };
  }
  if (left > 0) {
    return {
      ...base,
      missing: [
        `${needed} days with data can no longer be reached in ${window.words}: ${have} so far, ${count(left, 'day')} left`,
      ],
      by: null,
    };
  }
  return {
    ...base,
    missing: [
      `${needed} days with data not reached in ${window.words} (${count(have, 'day')} with data)`,
    ],
    by: null,
  };
}

function intervalLine(
  ctx: RtmContext,
  interval: DataInterval,
  code: RtmCode,
  needed: number,
): RtmBillable {
  const reasons = [
    `${count(interval.days, 'day')} with data in ${dateSpan(interval.start, interval.end)} (${needed} needed)`,
    `30-day period ${interval.number} from the first day with data, ${shortDate(interval.firstDataDay)}, in the episode of care from ${shortDate(interval.episode.start)}`,
  ];
  if (interval.cut) {
    reasons.push(
      `the period ends with discharge on ${shortDate(interval.end)}, day ${daysBetween(interval.start, interval.end) + 1} of 30: billed on that day`,
    );
  }
  if (ctx.open && ctx.asOfDate !== null && ctx.asOfDate < interval.end) {
    reasons.push(
      `counted up to ${shortDate(ctx.asOfDate)}; the period ends on ${shortDate(interval.end)}`,
    );
  }
  reasons.push(`${PLAN_OF_CARE_REASON}; device supply takes no CQ/CO`);
  return {
    code,
    units: 1,
    modifiers: ['GP'],
    date_of_service: interval.end,
    period: ctx.month,
    interval: { start: interval.start, end: interval.end },
    days_with_data: interval.days,
    reasons,
  };
}

/** One interval that ends in the month: 98977 from 16 days, else 98985 from 2, else neither. */
function intervalOutcome(ctx: RtmContext, interval: DataInterval): CodeOutcome {
  const window = {
    start: interval.start,
    end: interval.end,
    words: dateSpan(interval.start, interval.end),
  };
  const span = { start: interval.start, end: interval.end };
  const full = () => missingDays(ctx, '98977', RTM_DATA_DAYS_FULL, interval.days, window, span);
  if (interval.days >= RTM_DATA_DAYS_FULL) {
    return {
      billable: [intervalLine(ctx, interval, '98977', RTM_DATA_DAYS_FULL)],
      notBillable: [],
    };
  }
  if (interval.days >= RTM_DATA_DAYS_MIN) {
    return {
      billable: [intervalLine(ctx, interval, '98985', RTM_DATA_DAYS_MIN)],
      notBillable: [full()],
    };
  }
  return {
    billable: [],
    notBillable: [
      full(),
      missingDays(ctx, '98985', RTM_DATA_DAYS_MIN, interval.days, window, span),
    ],
  };
}

/** Why neither device code has an interval ending in the month. */
function noIntervalEnds(ctx: RtmContext): string {
  const episode = episodesWithin(ctx.episodes, ctx.firstDay, ctx.lastDay).at(-1);
  if (episode === undefined) {
    return `no episode of care in ${monthName(ctx)}`;
  }
  const current = episodeIntervals(ctx, episode, ctx.lastDay).at(-1);
  if (current === undefined) {
    const upTo = ctx.asOfDate !== null && ctx.asOfDate < ctx.lastDay ? ctx.asOfDate : ctx.lastDay;
    return `no days with data by ${shortDate(upTo)} in the episode of care from ${shortDate(episode.start)}: no 30-day period ends in ${monthName(ctx)}`;
  }
  return `the 30-day period ${dateSpan(current.start, current.end)} ends after ${monthName(ctx)}: it is billed in the month it ends`;
}

/**
 * Device supply (98977 / 98985) for every 30-day interval that ends in the month, dated on its
 * last day (or the discharge day that cut it short).
 */
export function deviceSupply(ctx: RtmContext): CodeOutcome {
  const ending = ctx.episodes
    .flatMap((episode) => episodeIntervals(ctx, episode, ctx.lastDay))
    .filter((interval) => interval.end >= ctx.firstDay && interval.end <= ctx.lastDay);
  if (ending.length === 0) {
    const missing = [noIntervalEnds(ctx)];
    return {
      billable: [],
      notBillable: (['98977', '98985'] as const).map((code) => ({
        code,
        period: ctx.month,
        missing,
        by: null,
      })),
    };
  }
  const outcomes = ending.map((interval) => intervalOutcome(ctx, interval));
  return {
    billable: outcomes.flatMap((outcome) => outcome.billable),
    notBillable: outcomes.flatMap((outcome) => outcome.notBillable),
  };
}

/**
 * Set-up and education (98975): once per episode of care, billed in the month the episode
 * reaches its second day with data, dated on that day. An episode that reached it in an earlier
 * month has nothing missing and is not listed.
 */
export function setUp(ctx: RtmContext): CodeOutcome {
  const episodes = episodesWithin(ctx.episodes, ctx.firstDay, ctx.lastDay);
  if (episodes.length === 0) {
    return {
      billable: [],
      notBillable: [
        {
          code: '98975',
          period: ctx.month,
          missing: [`no episode of care in ${monthName(ctx)}`],
          by: null,
        },
      ],
    };
  }
  const outcome: CodeOutcome = { billable: [], notBillable: [] };
  for (const episode of episodes) {
    const days = episodeDataDays(ctx, episode);
    const second = days[RTM_DATA_DAYS_MIN - 1];
    if (second !== undefined && second < ctx.firstDay) {
      continue;
    }
    const from = `the episode of care from ${shortDate(episode.start)}`;
    if (second !== undefined && second <= ctx.lastDay) {
      outcome.billable.push({
        code: '98975',
        units: 1,
        modifiers: ['GP'],
        date_of_service: second,
        period: ctx.month,
        days_with_data: RTM_DATA_DAYS_MIN,
        reasons: [
          `${RTM_DATA_DAYS_MIN} days with data in ${from}, ${days.slice(0, RTM_DATA_DAYS_MIN).map(shortDate).join(' and ')} (${RTM_DATA_DAYS_MIN} needed)`,
          'once per episode of care, in the month its second day with data falls',
          PLAN_OF_CARE_REASON,
        ],
      });
      continue;
    }
    const lastDay = episode.end !== null && episode.end < ctx.lastDay ? episode.end : ctx.lastDay;
    const have = days.filter((day) => day <= lastDay).length;
    outcome.notBillable.push(
      missingDays(ctx, '98975', RTM_DATA_DAYS_MIN, have, {
        start: episode.start > ctx.firstDay ? episode.start : ctx.firstDay,
        end: lastDay,
        words: from,
      }),
    );
  }
  return outcome;
}
