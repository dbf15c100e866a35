import {
  priorityListRoute,
  type PriorityList,
} from '@homestretch/contract/monitoring/priority-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { monitoringKeys } from '../../../lib/query-keys/monitoring-keys';

/** GET /clinic/therapist/monitoring-priority-list: the caller's patients short of minutes, most at risk first. */
export async function getPriorityList(signal?: AbortSignal): Promise<PriorityList> {
  return apiCall(priorityListRoute, { signal });
}

export function priorityListQueryOptions() {
  return queryOptions({
    queryKey: monitoringKeys.priorityList(),
    queryFn: ({ signal }) => getPriorityList(signal),
  });
}

export function usePriorityList() {
  return useQuery(priorityListQueryOptions());
}
