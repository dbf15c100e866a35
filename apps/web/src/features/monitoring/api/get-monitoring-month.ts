import { monitoringMonthRoute } from '@homestretch/contract/monitoring/monitoring-month';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiCallResult } from '../../../lib/api-client';
import { monitoringKeys } from '../../../lib/query-keys/monitoring-keys';

export type MonitoringMonth = ApiCallResult<typeof monitoringMonthRoute>;

/** GET /user/therapist/dashboard/monitoring?month: my patients against the thresholds. */
export function getMonitoringMonth(
  month: string | undefined,
  signal?: AbortSignal,
): Promise<MonitoringMonth> {
  return apiCall(monitoringMonthRoute, { query: month ? { month } : {}, signal });
}

export function monitoringMonthQueryOptions(month: string | undefined) {
  return queryOptions({
    queryKey: monitoringKeys.month(month),
    queryFn: ({ signal }) => getMonitoringMonth(month, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useMonitoringMonth(month: string | undefined) {
  return useQuery(monitoringMonthQueryOptions(month));
}
