/**
 * Every time and date the apps show of an instant, read on the clinic's clock by one formatter
 * (the calendar arithmetic is lib/clinic-calendar.ts). Its own module, without date-fns, so the
 * patient app's first screen carries only this.
 */
import { viewerTimeZone } from './viewer-time-zone';

type InstantStyle = 'date' | 'time' | 'moment' | 'date-time';

const STYLE_OPTIONS: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  date: { month: 'short', day: 'numeric', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  moment: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  'date-time': {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
};

const instantFormatters = new Map<string, Intl.DateTimeFormat>();

function formatOnClinicClock(
  instant: string | Date,
  timeZone: string,
  style: InstantStyle,
  viewer: string,
): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) {
    return typeof instant === 'string' ? instant : '';
  }
  const named = viewer !== timeZone;
  const key = `${timeZone}|${style}|${named}`;
  let formatter = instantFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      ...STYLE_OPTIONS[style],
      ...(named ? { timeZoneName: 'short' } : {}),
    });
    instantFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

/*
 * Every time the apps show is read on the clinic's clock, as its days and billing months are
 * (issue 30: "Last activity" once followed the browser while the program history followed the
 * clinic, three hours apart for a remote PT). Where the viewer's browser is in another zone, the
 * time names the clinic's zone ("9:59 AM EST"), so nobody reads it as their own.
 */

/**
 * "Nov 28, 2026": the clinic's day of an instant (a UTC date is the next day after 7 PM in New
 * York). A day needs no zone named.
 */
export function formatClinicDate(instant: string | Date, timeZone: string): string {
  return formatOnClinicClock(instant, timeZone, 'date', timeZone);
}

/** "9:59 AM", or "9:59 AM EST" for a viewer in another zone. */
export function formatClinicTime(
  instant: string | Date,
  timeZone: string,
  viewer = viewerTimeZone(),
): string {
  return formatOnClinicClock(instant, timeZone, 'time', viewer);
}

/** "Nov 28, 9:59 AM": a time within the month a screen is about. */
export function formatClinicMoment(
  instant: string | Date,
  timeZone: string,
  viewer = viewerTimeZone(),
): string {
  return formatOnClinicClock(instant, timeZone, 'moment', viewer);
}

/** "Nov 28, 2026, 9:59 AM". */
export function formatClinicDateTime(
  instant: string | Date,
  timeZone: string,
  viewer = viewerTimeZone(),
): string {
  return formatOnClinicClock(instant, timeZone, 'date-time', viewer);
}
