import { formatClinicDate, formatClinicMoment, formatClinicTime } from '../../lib/clinic-time';

/*
 * How the patient app words its figures. Dates of the program are clinic dates (YYYY-MM-DD):
 * read at UTC midnight so the phone's own time zone never shifts them a day.
 */

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'narrow', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

export function weekdayLetter(date: string): string {
  return weekday.format(new Date(`${date}T00:00:00Z`));
}

export function weekdayName(date: string): string {
  return weekdayLong.format(new Date(`${date}T00:00:00Z`));
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 sets of 10", and ", hold 5 seconds" for an exercise with a hold. */
export function dose(sets: number, reps: number, holdSeconds: number | null = null): string {
  const counts = `${plural(sets, 'set')} of ${reps}`;
  return holdSeconds ? `${counts}, hold ${plural(holdSeconds, 'second')}` : counts;
}

/**
 * "just now", "today at 7:40 AM", "Nov 3, 7:40 AM": when an offline copy was loaded, on the
 * clinic's clock and in the staff app's words (issue 30, item 9).
 */
export function savedWhen(savedAt: string, now: Date, timeZone: string): string {
  const saved = new Date(savedAt);
  const minutes = (now.getTime() - saved.getTime()) / 60_000;
  if (minutes < 1) {
    return 'just now';
  }
  if (formatClinicDate(saved, timeZone) === formatClinicDate(now, timeZone)) {
    return `today at ${formatClinicTime(saved, timeZone)}`;
  }
  return formatClinicMoment(saved, timeZone);
}

/** The hold timer's display: "0:30", "1:05". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
