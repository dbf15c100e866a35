import { unsnoozeBannerRoute } from '@homestretch/contract/health/banners';
import type { Banner } from '@homestretch/contract/common/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** DELETE /user/therapist/banners/{patientId}/{banner}/snooze: the banner shows again. */
export async function unsnoozeBanner(patientId: number, banner: Banner): Promise<void> {
  await apiCall(unsnoozeBannerRoute, { params: { patientId, banner } });
}

export function useUnsnoozeBanner(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (banner: Banner) => unsnoozeBanner(patientId, banner),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: healthKeys.banners(patientId) }),
        queryClient.invalidateQueries({ queryKey: healthKeys.bannerSnoozes(patientId) }),
      ]);
    },
  });
}
