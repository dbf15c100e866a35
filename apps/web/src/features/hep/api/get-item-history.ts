import { programItemHistoryRoute, type HepItemHistory } from '@homestretch/contract/hep/history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** GET /video/hep/{hepId}/history: every change of one item, oldest first. */
export function getItemHistory(hepId: number, signal?: AbortSignal): Promise<HepItemHistory> {
  return apiCall(programItemHistoryRoute, { params: { hepId }, signal });
}

export function itemHistoryQueryOptions(hepId: number) {
  return queryOptions({
    queryKey: hepKeys.itemHistory(hepId),
    queryFn: ({ signal }) => getItemHistory(hepId, signal),
  });
}

export function useItemHistory(hepId: number) {
  return useQuery(itemHistoryQueryOptions(hepId));
}
