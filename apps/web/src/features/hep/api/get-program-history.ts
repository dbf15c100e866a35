import { programHistoryRoute } from '@homestretch/contract/hep/history';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiCallResult } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

export type ProgramHistoryPage = ApiCallResult<typeof programHistoryRoute>;

/** GET /video/hep/therapist/{dashboardId}/history?page: the program's changes, newest first. */
export function getProgramHistory(
  patientId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ProgramHistoryPage> {
  return apiCall(programHistoryRoute, {
    params: { dashboardId: patientId },
    query: { page },
    signal,
  });
}

/** The page on screen stays while the next one loads. */
export function programHistoryQueryOptions(patientId: number, page: number) {
  return queryOptions({
    queryKey: hepKeys.programHistory(patientId, page),
    queryFn: ({ signal }) => getProgramHistory(patientId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProgramHistory(patientId: number, page: number) {
  return useQuery(programHistoryQueryOptions(patientId, page));
}
