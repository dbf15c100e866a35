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

/** `2026-11-30` → `Nov 30`: the year is the month's own, shown in the page's heading. */
export function shortDay(isoDate: string): string {
  return format(parseISO(isoDate), 'MMM d');
}

const OWN_DATE = /\s+by [A-Z][a-z]{2} \d{1,2}$/;

export interface MissingWords {
  /** "Needs 6 more minutes and the interactive call by Nov 30", or why it cannot be billed. */
  sentence: string;
  /** Where things stand, for the clerk who checks: "14 minutes of monitoring so far (20 needed)". */
  details: string[];
}

/**
 * What a code still lacks, from the rules' words (domain/rtm.md: what is missing and by when).
 * While it can still be done (`by` set), the first phrase says what to do, the others where
 * things stand, and the date comes from `by` once; once it no longer can, every phrase says why.
 */
export function missingWords(item: RtmNotBillable): MissingWords {
  if (item.by === null) {
    return { sentence: `Not billable: ${item.missing.join('; ')}`, details: [] };
  }
  const [todo = '', ...details] = item.missing;
  return { sentence: `Needs ${todo.replace(OWN_DATE, '')} by ${shortDay(item.by)}`, details };
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
