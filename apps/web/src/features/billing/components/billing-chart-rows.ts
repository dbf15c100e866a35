import type { BillingChart } from '@homestretch/contract/billing/billing-chart';
import { format } from 'date-fns';
import { formatUsd, monthName, plural } from './billing-format';

export interface BillingChartRow {
  label: string;
  units: number | null;
  amount: number | null;
}

/** One row per month, 'Jan' … 'Dec'; a month with no figures yet stays empty, not zero. */
export function chartRows(chart: BillingChart): BillingChartRow[] {
  return chart.months.map((month) => ({
    label: format(new Date(chart.year, month.month - 1, 1), 'MMM'),
    units: month.units,
    amount: month.amount,
  }));
}

/** The chart read out for screen readers: each month with figures, in words. */
export function chartSummary(chart: BillingChart): string {
  const months = chart.months.filter((month) => month.units !== null);
  if (months.length === 0) {
    return `${chart.year}: no billing figures yet.`;
  }
  return `${chart.year}, expected and units by month: ${months
    .map(
      (month) =>
        `${monthName(month.month)} ${formatUsd(month.amount)}, ${plural(month.units ?? 0, 'unit')}`,
    )
    .join('; ')}.`;
}
