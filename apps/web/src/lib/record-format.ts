import { format, isValid, parseISO } from 'date-fns';
import { formatDate } from '../ui/format-date';

/**
 * Whole years between a `YYYY-MM-DD` birthday and `today` (local calendar day): the age goes
 * up on the birthday itself; someone born on 29 February gets older on 1 March in other years.
 */
export function ageOn(birthday: string | null, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday ?? '');
  if (!match) {
    return null;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const thisMonth = today.getMonth() + 1;
  const hadBirthday = thisMonth > month || (thisMonth === month && today.getDate() >= day);
  const age = today.getFullYear() - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/**
 * A call or monitoring time: spec §9 "hours = floor of minutes/60, minutes = the remainder".
 * Seconds are shown only under an hour, where they still matter (a 45 s voicemail).
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const totalMinutes = Math.floor(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const rest = seconds % 60;
  if (hours > 0) {
    return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  if (minutes > 0) {
    return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  return `${rest} s`;
}

/** `weeks_ago` in words: 0 this week, 1 last week, then "n weeks ago". */
export function weeksAgoLabel(weeksAgo: number): string {
  if (weeksAgo === 0) {
    return 'This week';
  }
  if (weeksAgo === 1) {
    return 'Last week';
  }
  return `${weeksAgo} weeks ago`;
}

/** 'Mar 2 – Mar 8, 2026', or with both years when the week spans New Year. */
export function formatWeekRange(start: string, end: string): string {
  const from = parseISO(start);
  const to = parseISO(end);
  if (!isValid(from) || !isValid(to)) {
    return `${start} – ${end}`;
  }
  if (from.getFullYear() === to.getFullYear()) {
    return `${format(from, 'MMM d')} – ${formatDate(end)}`;
  }
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** A share 0–1 as a whole percentage. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The call-duration inputs as whole seconds; null unless both are whole and seconds stay under 60. */
export function toSeconds(minutes: string, seconds: string): number | null {
  const m = minutes.trim() === '' ? 0 : Number(minutes);
  const s = seconds.trim() === '' ? 0 : Number(seconds);
  if (!Number.isInteger(m) || !Number.isInteger(s) || m < 0 || s < 0 || s > 59) {
    return null;
  }
  return m * 60 + s;
}
