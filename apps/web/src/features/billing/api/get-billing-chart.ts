import { billingChartRoute, type BillingChart } from '@homestretch/contract/billing/billing-chart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { billingKeys } from '../../../lib/query-keys/billing-keys';

/** GET /clinic/billing-chart: units and expected dollars for each month of a year. */
export function getBillingChart(
  year: number,
  currentMonth: number,
  signal?: AbortSignal,
): Promise<BillingChart> {
  return apiCall(billingChartRoute, { query: { year, current_month: currentMonth }, signal });
}

export function useBillingChart(year: number, currentMonth: number) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.chart(year, currentMonth),
      queryFn: ({ signal }) => getBillingChart(year, currentMonth, signal),
    }),
  );
}
