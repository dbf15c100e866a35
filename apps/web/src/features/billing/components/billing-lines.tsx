import type { BillingLine } from '@homestretch/contract/billing/billing-units';
import type { RtmNotBillable } from '@homestretch/contract/billing/rtm-case';
import { CalendarClock, CircleAlert, Clock, Info } from 'lucide-react';
import { cx } from '../../../ui/cx';
import { formatDate } from '../../../ui/format-date';
import { groupWords, type MissingGroup, RTM_CODE_LABELS, shortDay } from './billing-format';

/** A CPT code with what it pays for, for the title attribute and screen readers. */
export function CodeBadge({ code }: { code: BillingLine['code'] }) {
  return (
    <span
      title={RTM_CODE_LABELS[code]}
      className="inline-flex h-6 items-center rounded-full bg-brand-50 px-2 font-mono text-xs font-semibold text-brand-800 ring-1 ring-brand-200"
    >
      <span className="sr-only">Code </span>
      {code}
    </span>
  );
}

/** "98980 · 1 unit · GP · Nov 30, 2026": one line of the claim as the billing file writes it. */
export function BillableLineSummary({ line }: { line: BillingLine }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink">
      <CodeBadge code={line.code} />
      <span className="tabular-nums">
        {line.units} {line.units === 1 ? 'unit' : 'units'}
      </span>
      {line.modifiers.length > 0 && (
        <span className="text-ink-muted">
          <span className="sr-only">Modifiers </span>
          {line.modifiers.join(' ')}
        </span>
      )}
      <span className="whitespace-nowrap text-ink-muted">
        <span className="sr-only">Date of service </span>
        {formatDate(line.date_of_service)}
      </span>
    </span>
  );
}

/** Device supply runs on 30-day periods that cross months: billed in the month a period ends. */
const DEVICE_SUPPLY_CODES: ReadonlySet<RtmNotBillable['code']> = new Set(['98977', '98985']);

/**
 * What a code still lacks and by when, set apart from what is billable: amber while it can
 * still be done. Once it no longer can, red for a calendar-month code of a closed month (lost
 * for good; domain/rtm.md: the missed call is the top denial), grey otherwise (an open month, or
 * a device period that is billed in the month it ends). Both device codes of one period are one
 * note (billing-format.ts missingGroups).
 */
export function MissingNote({ group, closed }: { group: MissingGroup; closed: boolean }) {
  const item = group.lead;
  const tone =
    item.by !== null ? 'due' : closed && !DEVICE_SUPPLY_CODES.has(item.code) ? 'lost' : 'later';
  const Icon = tone === 'due' ? Clock : tone === 'lost' ? CircleAlert : Info;
  const { sentence, details } = groupWords(group);
  return (
    <span
      className={cx(
        'flex items-start gap-2 rounded-control px-2 py-1 text-sm',
        tone === 'due' && 'bg-warning-50 text-warning-700',
        tone === 'lost' && 'bg-danger-50 text-danger-700',
        tone === 'later' && 'bg-canvas text-ink-muted',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="flex flex-col">
        <span>
          <span className="font-mono text-xs font-semibold">
            {group.alongside ? `${item.code} / ${group.alongside.code}` : item.code}
          </span>{' '}
          <span>{sentence}</span>
        </span>
        {details.map((detail) => (
          <span key={detail} className="text-xs text-ink-muted">
            {detail}
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * A line already earned whose date of service is still to come (a 30-day period that ends later
 * this month): billed on that day, not before, so it is not among the lines to bill (issue 30).
 * `detailed` gives every reason (the explanation), else the first (the dashboard's row).
 */
export function UpcomingNote({ line, detailed }: { line: BillingLine; detailed: boolean }) {
  return (
    <span className="flex items-start gap-2 rounded-control bg-brand-50 px-2 py-1 text-sm text-brand-800">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="flex flex-col">
        <span>
          <span className="font-mono text-xs font-semibold">{line.code}</span>{' '}
          <span>Billable on {shortDay(line.date_of_service)}, its date of service</span>
        </span>
        {(detailed ? line.reasons : line.reasons.slice(0, 1)).map((reason) => (
          <span key={reason} className="text-xs text-ink-muted">
            {reason}
          </span>
        ))}
      </span>
    </span>
  );
}
