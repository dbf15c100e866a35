import {
  type InteractionLog,
  listInteractionsRoute,
} from '@homestretch/contract/patients/interaction-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { patientKeys } from '../../../lib/query-keys/patient-keys';
import { apiCall } from '../../../lib/api-client';

export interface InteractionPage {
  results: InteractionLog[];
  count: number;
}

/** GET /api/v1/patients/{id}/log_interaction/?page: newest first, 25 a page. */
export async function listInteractions(
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<InteractionPage> {
  return apiCall(listInteractionsRoute, { params: { id }, query: { page }, signal });
}

export function interactionsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: patientKeys.interactions(id, page),
    queryFn: ({ signal }) => listInteractions(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInteractions(id: number, page: number) {
  return useQuery(interactionsQueryOptions(id, page));
}
