import { type BannerSnooze, snoozeBannerRoute } from '@homestretch/contract/health/banners';
import type { Banner } from '@homestretch/contract/common/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** POST /user/therapist/banners/{patientId}/{banner}/snooze: hidden for the caller 7 days. */
export async function snoozeBanner(patientId: number, banner: Banner): Promise<BannerSnooze> {
  return apiCall(snoozeBannerRoute, { params: { patientId, banner }, body: {} });
}

export function useSnoozeBanner(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banner: Banner) => snoozeBanner(patientId, banner),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: healthKeys.banners(patientId) }),
        queryClient.invalidateQueries({ queryKey: healthKeys.bannerSnoozes(patientId) }),
      ]);
    },
  });
}
