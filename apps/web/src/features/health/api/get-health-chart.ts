import { healthChartRoute } from '@homestretch/contract/health/health-chart';
import type { HealthChart } from '@homestretch/contract/health/metrics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

export interface DateRange {
  from: string;
  to: string;
}

/** GET /user/therapist/dashboard/health/{patientId}?from&to: every metric with data, by day. */
export async function getHealthChart(
  patientId: number,
  range: DateRange,
  signal?: AbortSignal,
): Promise<HealthChart> {
  return apiCall(healthChartRoute, { params: { patientId }, query: range, signal });
}

export function healthChartQueryOptions(patientId: number, range: DateRange) {
  return queryOptions({
    queryKey: healthKeys.healthChart(patientId, range),
    queryFn: ({ signal }) => getHealthChart(patientId, range, signal),
    // Keeps the charts on screen while another period loads, instead of a flash of spinners.
    placeholderData: keepPreviousData,
  });
}

export function useHealthChart(patientId: number, range: DateRange) {
  return useQuery(healthChartQueryOptions(patientId, range));
}
