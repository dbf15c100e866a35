import type { RtmCode, RtmNotBillable } from '@homestretch/contract/billing/rtm-case';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { format, parseISO } from 'date-fns';

/*
 * The words and figures of the balances dashboard: money in US dollars (spec §9), what a code
 * pays for, and what a patient still needs in a sentence a billing clerk reads at a glance
 * (domain/rtm.md: exactly what is missing and by when).
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `1234.5` → `$1,234.50`; a code with no fee in the clinic's schedule shows a dash. */
export function formatUsd(amount: number | null): string {
  return amount === null ? '—' : USD.format(amount);
}

/** What each musculoskeletal RTM code pays for (domain/rtm.md, "Codes"). */
export const RTM_CODE_LABELS: Record<RtmCode, string> = {
  '98975': 'Set-up and education',
  '98977': 'Device supply, 16–30 days',
  '98985': 'Device supply, 2–15 days',
  '98979': 'Management, 10–19 min',
  '98980': 'Management, first 20 min',
  '98981': 'Management, each further 20 min',
};

/** `['6 more minutes', 'the interactive call']` → `6 more minutes and the interactive call`. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) {
    return words[0] ?? '';
  }
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** `2026-11-30` → `Nov 30`: the year is the month's own, shown in the page's heading. */
export function shortDay(isoDate: string): string {
  return format(parseISO(isoDate), 'MMM d');
}

const OWN_DATE = /\s+by [A-Z][a-z]{2} \d{1,2}$/;

/**
 * What a code still needs: "Needs 6 more minutes and the interactive call by Nov 30" while it
 * can still be done; once it no longer can (the month closed, or `by` is null), what was missing.
 */
export function missingSentence(item: RtmNotBillable, closed: boolean): string {
  // The date comes from `by`, once for the sentence, even if a phrase carries its own.
  const what = joinWords(item.missing.map((phrase) => phrase.replace(OWN_DATE, '')));
  if (closed || item.by === null) {
    return `Not billable: missing ${what}`;
  }
  return `Needs ${what} by ${shortDay(item.by)}`;
}

/** `{ month: 11, year: 2026 }` → `November 2026`. */
export function monthLabel({ month, year }: BillingPeriod): string {
  return format(new Date(year, month - 1, 1), 'MMMM yyyy');
}

/** `{ month: 11 }` → `November`. */
export function monthName(month: number): string {
  return format(new Date(2000, month - 1, 1), 'MMMM');
}

/** `2026-11` (the month picker's value) → `{ month: 11, year: 2026 }`. */
export function periodOf(value: string): BillingPeriod {
  const [year = '0', month = '0'] = value.split('-');
  return { month: Number(month), year: Number(year) };
}

/** When the figures were computed, on the clinic's clock: "Updated 14:05". */
export function updatedLabel(computedAt: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(computedAt));
  return `Updated ${time}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
