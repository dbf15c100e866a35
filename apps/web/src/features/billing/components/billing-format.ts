import type { RtmCode, RtmNotBillable } from '@homestretch/contract/billing/rtm-case';
import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import { format, parseISO } from 'date-fns';
import { formatClinicTime } from '../../../lib/clinic-time';

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

/** One note of what a patient's month lacks: one code, or both device-supply codes of a period. */
export interface MissingGroup {
  /** The code whose threshold is nearest (98985 before 98977): its tone, date and sentence lead. */
  lead: RtmNotBillable;
  /** The other device-supply code of the same period, said in one more phrase. */
  alongside: RtmNotBillable | null;
}

const periodKey = (item: RtmNotBillable) => item.interval?.end ?? item.missing.join('; ');

/**
 * 98977 and 98985 are one choice for one 30-day period (16 days or 2): the rules list each with
 * what it lacks, which read as two near-identical lines (issue 30). They become one note, led by
 * 98985, the threshold met first. Every other code stands alone, in the rules' order.
 */
export function missingGroups(items: readonly RtmNotBillable[]): MissingGroup[] {
  const full = new Map(
    items.filter((item) => item.code === '98977').map((item) => [periodKey(item), item]),
  );
  const paired = new Set<RtmNotBillable>();
  const groups: MissingGroup[] = [];
  for (const item of items) {
    const partner = item.code === '98985' ? full.get(periodKey(item)) : undefined;
    if (partner) {
      paired.add(partner);
    }
    groups.push({ lead: item, alongside: partner ?? null });
  }
  return groups.filter((group) => !paired.has(group.lead));
}

/** The note's words: the lead's, and what the other code of the period lacks, if anything new. */
export function groupWords({ lead, alongside }: MissingGroup): MissingWords {
  const words = missingWords(lead);
  if (alongside === null) {
    return words;
  }
  const other = alongside.missing.join('; ');
  if (other === lead.missing.join('; ')) {
    return words;
  }
  return { ...words, details: [...words.details, `${alongside.code}: ${other}`] };
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

/** When the figures were computed, on the clinic's clock: "Updated 2:05 PM". */
export function updatedLabel(computedAt: string, timeZone: string): string {
  return `Updated ${formatClinicTime(computedAt, timeZone)}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
