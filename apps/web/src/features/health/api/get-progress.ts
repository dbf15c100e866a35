import { type Progress, progressRoute } from '@homestretch/contract/health/progress';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** GET /user/therapist/dashboard/progress/{patientId}?weeks_ago (0 = this week). */
export async function getProgress(
  patientId: number,
  weeksAgo: number,
  signal?: AbortSignal,
): Promise<Progress> {
  return apiCall(progressRoute, {
    params: { patientId },
    query: { weeks_ago: weeksAgo },
    signal,
  });
}

export function progressQueryOptions(patientId: number, weeksAgo: number) {
  return queryOptions({
    queryKey: healthKeys.progress(patientId, weeksAgo),
    queryFn: ({ signal }) => getProgress(patientId, weeksAgo, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProgress(patientId: number, weeksAgo: number) {
  return useQuery(progressQueryOptions(patientId, weeksAgo));
}
