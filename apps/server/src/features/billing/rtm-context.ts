/**
 * One RTM case read once for the billing rules (domain/rtm.md): the month's days and instants in
 * the clinic's zone, the moment it is judged at, the episodes of care without overlaps, and the
 * records that count up to that moment.
 */
import type { RtmCaseParsed } from '@homestretch/contract/billing/rtm-case';
import { addDays, localDate, monthDays, shortDate, startOfLocalDay } from '../../platform/calendar';

export interface Episode {
  start: string;
  /** The last day of the episode; null while it lasts. */
  end: string | null;
}

export interface RtmContext {
  timeZone: string;
  month: string;
  firstDay: string;
  lastDay: string;
  /** The month as instants, [start, end), in the clinic's zone. */
  monthStart: Date;
  monthEnd: Date;
  /** `as_of`, or null when the month is judged closed because none was given. */
  asOf: Date | null;
  /** The clinic's date of `as_of`; null without one. */
  asOfDate: string | null;
  /** `as_of` falls before the month's end: what has not happened yet still can. */
  open: boolean;
  episodes: Episode[];
  /** Distinct days with data inside an episode, up to `as_of`'s date, in order. */
  dataDays: string[];
}

/**
 * Episodes in order of onboarding. One that is still open, or ends after the next one starts,
 * ends the day before the next onboarding: a new episode starts its own clocks and no day
 * belongs to two. An episode left without days (two onboardings on one day) is dropped.
 */
export function normalizeEpisodes(episodes: readonly Episode[]): Episode[] {
  const sorted = [...episodes].sort((a, b) => a.start.localeCompare(b.start));
  return sorted
    .map((episode, index) => {
      const next = sorted[index + 1];
      if (next && (episode.end === null || episode.end >= next.start)) {
        return { start: episode.start, end: addDays(next.start, -1) };
      }
      return { start: episode.start, end: episode.end };
    })
    .filter((episode) => episode.end === null || episode.end >= episode.start);
}

export function episodeOn(episodes: readonly Episode[], date: string): Episode | undefined {
  return episodes.find(
    (episode) => episode.start <= date && (episode.end === null || date <= episode.end),
  );
}

/** Episodes with at least one day in `[from, to]`. */
export function episodesWithin(episodes: readonly Episode[], from: string, to: string): Episode[] {
  return episodes.filter(
    (episode) => episode.start <= to && (episode.end === null || episode.end >= from),
  );
}

export function readCase(c: RtmCaseParsed): RtmContext {
  const { from: firstDay, to: lastDay } = monthDays(c.month);
  const monthStart = startOfLocalDay(firstDay, c.time_zone);
  const monthEnd = startOfLocalDay(addDays(lastDay, 1), c.time_zone);
  const asOf = c.as_of === undefined ? null : new Date(c.as_of);
  const asOfDate = asOf === null ? null : localDate(asOf, c.time_zone);
  const episodes = normalizeEpisodes(c.episodes);
  const dataDays = [...new Set(c.data_days)]
    .filter((day) => (asOfDate === null || day <= asOfDate) && episodeOn(episodes, day))
    .sort();
  return {
    timeZone: c.time_zone,
    month: c.month,
    firstDay,
    lastDay,
    monthStart,
    monthEnd,
    asOf,
    asOfDate,
    open: asOf !== null && asOf.getTime() < monthEnd.getTime(),
    episodes,
    dataDays,
  };
}

/** Whether an instant counts: before `as_of` when there is one. */
export function happenedBy(ctx: RtmContext, instant: Date): boolean {
  return ctx.asOf === null || instant.getTime() <= ctx.asOf.getTime();
}

/** `November`: the month in words, as a clerk reads it. */
export function monthName(ctx: RtmContext): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${ctx.firstDay}T00:00:00Z`),
  );
}

/** `Nov 1–Nov 30`. */
export function dateSpan(from: string, to: string): string {
  return `${shortDate(from)}–${shortDate(to)}`;
}

/** `1 day`, `3 days`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `5 min`, `45 s`, `1 min 30 s`: a call's length as it was logged. */
export function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) {
    return `${rest} s`;
  }
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
