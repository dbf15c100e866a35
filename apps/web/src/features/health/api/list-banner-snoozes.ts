import { type BannerSnooze, listBannerSnoozesRoute } from '@homestretch/contract/health/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** GET /user/therapist/banners/{patientId}/snoozes: the caller's live snoozes. */
export async function listBannerSnoozes(
  patientId: number,
  signal?: AbortSignal,
): Promise<BannerSnooze[]> {
  const { results } = await apiCall(listBannerSnoozesRoute, { params: { patientId }, signal });
  return results;
}

export function bannerSnoozesQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: healthKeys.bannerSnoozes(patientId),
    queryFn: ({ signal }) => listBannerSnoozes(patientId, signal),
  });
}

export function useBannerSnoozes(patientId: number) {
  return useQuery(bannerSnoozesQueryOptions(patientId));
}
