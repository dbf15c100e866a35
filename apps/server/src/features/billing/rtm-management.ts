/**
 * Treatment management (98979 / 98980 / 98981): minutes of monitoring per calendar month in the
 * clinic's zone, billable with a real-time interactive call in the same month (domain/rtm.md).
 */
import type {
  RtmBillable,
  RtmCaseParsed,
  RtmCode,
  RtmModifier,
  RtmNotBillable,
} from '@homestretch/contract/billing/rtm-case';
import {
  RTM_ADD_ON_MINUTES,
  RTM_FIRST_THRESHOLD_MINUTES,
  RTM_MAIN_THRESHOLD_MINUTES,
  wholeMinutes,
} from '@homestretch/contract/monitoring/rtm-minutes';
import { localDate, shortDate, splitAcrossDays } from '../../platform/calendar';
import {
  type RtmContext,
  count,
  duration,
  episodeOn,
  episodesWithin,
  happenedBy,
  monthName,
} from './rtm-context';
import { type CodeOutcome, PLAN_OF_CARE_REASON } from './rtm-device';

/** CMS de minimis: an assistant's share of the month's minutes above this takes CQ / CO. */
const ASSISTANT_DE_MINIMIS = 0.1;

export interface MonthTime {
  /** Seconds per clinic day of the month, inside an episode of care, in day order. */
  days: { day: string; seconds: number }[];
  seconds: number;
  pta: number;
  ota: number;
  /** Seconds of the month that fell outside every episode of care: not counted. */
  outside: number;
}

/**
 * The month's monitoring seconds: each session cut to the month and to `as_of`, split at the
 * clinic's midnights, and only the days inside an episode of care kept.
 */
export function monthTime(ctx: RtmContext, sessions: RtmCaseParsed['monitoring']): MonthTime {
  const perDay = new Map<string, number>();
  const time: MonthTime = { days: [], seconds: 0, pta: 0, ota: 0, outside: 0 };
  for (const session of sessions) {
    const startMs = Math.max(Date.parse(session.start), ctx.monthStart.getTime());
    const endMs = Math.min(
      Date.parse(session.end),
      ctx.monthEnd.getTime(),
      ctx.asOf?.getTime() ?? Infinity,
    );
    const seconds = Math.floor((endMs - startMs) / 1000);
    for (const part of splitAcrossDays(new Date(endMs), seconds, ctx.timeZone)) {
      if (!episodeOn(ctx.episodes, part.day)) {
        time.outside += part.seconds;
        continue;
      }
      perDay.set(part.day, (perDay.get(part.day) ?? 0) + part.seconds);
      time.seconds += part.seconds;
      if (session.assistant === true || session.assistant === 'PTA') {
        time.pta += part.seconds;
      } else if (session.assistant === 'OTA') {
        time.ota += part.seconds;
      }
    }
  }
  time.days = [...perDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, seconds]) => ({ day, seconds }));
  return time;
}

/** The clinic day on which the month's time reached `minutes`. */
function dayReached(time: MonthTime, minutes: number): string {
  let total = 0;
  for (const { day, seconds } of time.days) {
    total += seconds;
    if (total >= minutes * 60) {
      return day;
    }
  }
  throw new Error(`${minutes} minutes were never reached`);
}

export interface FirstCall {
  day: string;
  seconds: number;
  kind: 'call' | 'secure_message';
}

/**
 * The month's first live call: one that lasted (seconds > 0), in the month in the clinic's zone,
 * inside an episode of care, by `as_of`.
 */
export function firstCall(ctx: RtmContext, calls: RtmCaseParsed['calls']): FirstCall | null {
  const counted = calls
    .map((call) => ({ at: new Date(call.at), seconds: call.seconds, kind: call.kind }))
    .filter(
      ({ at, seconds, kind }) =>
        (seconds > 0 || kind === 'secure_message') &&
        at.getTime() >= ctx.monthStart.getTime() &&
        at.getTime() < ctx.monthEnd.getTime() &&
        happenedBy(ctx, at) &&
        episodeOn(ctx.episodes, localDate(at, ctx.timeZone)),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const [first] = counted;
  return first
    ? { day: localDate(first.at, ctx.timeZone), seconds: first.seconds, kind: first.kind }
    : null;
}

/** The last day of the month on which minutes and a call can still count; null if none. */
export function lastChance(ctx: RtmContext): string | null {
  if (!ctx.open || ctx.asOfDate === null) {
    return null;
  }
  const from = ctx.asOfDate > ctx.firstDay ? ctx.asOfDate : ctx.firstDay;
  const days = episodesWithin(ctx.episodes, from, ctx.lastDay).map((episode) =>
    episode.end !== null && episode.end < ctx.lastDay ? episode.end : ctx.lastDay,
  );
  return days.sort().at(-1) ?? null;
}

function assistantModifiers(time: MonthTime): RtmModifier[] {
  const over = (seconds: number) => seconds > time.seconds * ASSISTANT_DE_MINIMIS;
  return [
    ...(over(time.pta) ? (['CQ'] as const) : []),
    ...(over(time.ota) ? (['CO'] as const) : []),
  ];
}

function assistantReasons(time: MonthTime): string[] {
  const kinds = [
    { kind: 'PTA', modifier: 'CQ', seconds: time.pta },
    { kind: 'OTA', modifier: 'CO', seconds: time.ota },
  ];
  return kinds
    .filter(({ seconds }) => seconds > 0)
    .map(({ kind, modifier, seconds }) => {
      const share = Math.round((seconds / time.seconds) * 1000) / 10;
      const verdict =
        seconds > time.seconds * ASSISTANT_DE_MINIMIS
          ? `over the CMS 10 % de minimis: ${modifier}`
          : `within the CMS 10 % de minimis: no ${modifier}`;
      return `a ${kind} furnished ${duration(seconds)} of the month's ${duration(time.seconds)} (${share} %), ${verdict}`;
    });
}

function outsideNote(time: MonthTime): string {
  return time.outside > 0
    ? `; ${duration(time.outside)} outside an episode of care not counted`
    : '';
}

export function treatmentManagement(ctx: RtmContext, c: RtmCaseParsed): CodeOutcome {
  const month = monthName(ctx);
  if (episodesWithin(ctx.episodes, ctx.firstDay, ctx.lastDay).length === 0) {
    return {
      billable: [],
      notBillable: (['98979', '98980'] as const).map((code) => ({
        code,
        period: ctx.month,
        missing: [`no episode of care in ${month}`],
        by: null,
      })),
    };
  }
  const time = monthTime(ctx, c.monitoring);
  const minutes = wholeMinutes(time.seconds);
  const call = firstCall(ctx, c.calls);
  const by = lastChance(ctx);

  const line = (
    made: FirstCall,
    code: RtmCode,
    units: number,
    threshold: number,
    minutesWords: string,
  ): RtmBillable => {
    const reached = dayReached(time, threshold);
    const dateOfService = !ctx.open ? ctx.lastDay : reached > made.day ? reached : made.day;
    const reasons = [
      `${minutesWords}${outsideNote(time)}`,
      made.kind === 'call'
        ? `interactive call on ${shortDate(made.day)} (${duration(made.seconds)})`
        : `secure-message exchange with the patient on ${shortDate(made.day)} (the clinic counts secure messaging as the interactive communication)`,
      ...assistantReasons(time),
      PLAN_OF_CARE_REASON,
    ];
    if (ctx.open && ctx.asOfDate !== null) {
      reasons.push(
        `the month is still open on ${shortDate(ctx.asOfDate)}: dated on the day the ${threshold} minutes and the call were both in`,
      );
    }
    return {
      code,
      units,
      modifiers: ['GP', ...assistantModifiers(time)],
      date_of_service: dateOfService,
      period: ctx.month,
      minutes,
      call_date: made.day,
      reasons,
    };
  };

  const missing = (code: RtmCode, threshold: number, nextUnit = false): RtmNotBillable => {
    const short = Math.max(0, threshold - minutes);
    const done = `${count(minutes, 'minute')} of monitoring in ${month}`;
    const state = `${done}${by !== null ? ' so far' : ''} (${threshold} needed)${outsideNote(time)}`;
    if (by !== null) {
      const needs = [
        ...(short > 0
          ? [`${count(short, 'more minute')}${nextUnit ? ' for the next 20-minute unit' : ''}`]
          : []),
        ...(call === null ? ['the interactive call'] : []),
      ];
      return {
        code,
        period: ctx.month,
        missing: [`${needs.join(' and ')} by ${shortDate(by)}`, state],
        by,
      };
    }
    return {
      code,
      period: ctx.month,
      missing: [
        ...(short > 0
          ? [
              `${threshold} minutes not reached in ${month} (${count(minutes, 'minute')} of monitoring${outsideNote(time)})`,
            ]
          : []),
        ...(call === null ? [`no interactive call in ${month}`] : []),
      ],
      by: null,
    };
  };

  const outcome: CodeOutcome = { billable: [], notBillable: [] };
  if (minutes < RTM_MAIN_THRESHOLD_MINUTES) {
    if (minutes >= RTM_FIRST_THRESHOLD_MINUTES && call !== null) {
      outcome.billable.push(
        line(
          call,
          '98979',
          1,
          RTM_FIRST_THRESHOLD_MINUTES,
          `${minutes} minutes of monitoring in ${month} (${RTM_FIRST_THRESHOLD_MINUTES}–${RTM_MAIN_THRESHOLD_MINUTES - 1} for 98979)`,
        ),
      );
    } else {
      outcome.notBillable.push(missing('98979', RTM_FIRST_THRESHOLD_MINUTES));
    }
    outcome.notBillable.push(missing('98980', RTM_MAIN_THRESHOLD_MINUTES));
    return outcome;
  }
  // From 20 minutes the month is 98980's (never with 98979), and 98981 is within reach.
  const units = Math.floor((minutes - RTM_MAIN_THRESHOLD_MINUTES) / RTM_ADD_ON_MINUTES);
  if (call === null) {
    outcome.notBillable.push(missing('98980', RTM_MAIN_THRESHOLD_MINUTES));
    const addOn = RTM_MAIN_THRESHOLD_MINUTES + Math.max(1, units) * RTM_ADD_ON_MINUTES;
    outcome.notBillable.push(missing('98981', addOn, true));
    return outcome;
  }
  outcome.billable.push(
    line(
      call,
      '98980',
      1,
      RTM_MAIN_THRESHOLD_MINUTES,
      `${minutes} minutes of monitoring in ${month} (${RTM_MAIN_THRESHOLD_MINUTES} needed)`,
    ),
  );
  const next = RTM_MAIN_THRESHOLD_MINUTES + (units + 1) * RTM_ADD_ON_MINUTES;
  if (units > 0) {
    const reached = RTM_MAIN_THRESHOLD_MINUTES + units * RTM_ADD_ON_MINUTES;
    outcome.billable.push(
      line(
        call,
        '98981',
        units,
        reached,
        `${minutes} minutes of monitoring in ${month}: ${units} further full 20 minutes after the first 20 (${reached} needed)`,
      ),
    );
    // A unit already billed leaves nothing missing once the month is over.
    if (by !== null) {
      outcome.notBillable.push(missing('98981', next, true));
    }
  } else {
    outcome.notBillable.push(missing('98981', next, true));
  }
  return outcome;
}
