import { type ActiveBanner, listBannersRoute } from '@homestretch/contract/health/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** GET /user/therapist/banners/{patientId}: what to flag now, minus the caller's snoozes. */
export async function listBanners(
  patientId: number,
  signal?: AbortSignal,
): Promise<ActiveBanner[]> {
  const { results } = await apiCall(listBannersRoute, { params: { patientId }, signal });
  return results;
}

export function bannersQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: healthKeys.banners(patientId),
    queryFn: ({ signal }) => listBanners(patientId, signal),
  });
}

export function useBanners(patientId: number) {
  return useQuery(bannersQueryOptions(patientId));
}
