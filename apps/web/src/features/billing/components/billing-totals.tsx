import type { BillingUnits } from '@homestretch/contract/billing/billing-units';
import { formatUsd, plural, RTM_CODE_LABELS } from './billing-format';
import { CodeBadge } from './billing-lines';

/** The month's totals per code (units, patients, expected dollars) and in all. */
export function BillingTotals({ units }: { units: BillingUnits }) {
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div className="col-span-2 flex flex-col gap-1 rounded-card border border-brand-200 bg-brand-50 p-4 shadow-card lg:col-span-1">
        <span className="text-sm font-medium text-brand-900">Total expected</span>
        <span className="text-2xl font-semibold tabular-nums text-brand-900">
          {formatUsd(units.total_amount)}
        </span>
        <span className="text-sm text-brand-800">{plural(units.total_units, 'unit')}</span>
      </div>
      {units.totals.map((total) => (
        <div
          key={total.code}
          className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card"
        >
          <span className="flex flex-wrap items-center gap-2">
            <CodeBadge code={total.code} />
            <span className="text-xs text-ink-muted">{RTM_CODE_LABELS[total.code]}</span>
          </span>
          <span className="text-xl font-semibold tabular-nums text-ink">
            {formatUsd(total.amount)}
          </span>
          <span className="text-sm text-ink-muted">
            {plural(total.units, 'unit')} · {plural(total.patients, 'patient')}
          </span>
        </div>
      ))}
    </section>
  );
}
