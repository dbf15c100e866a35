import type { Patient } from '@homestretch/contract/patients/patient';
import { updateRtmCoverageRoute } from '@homestretch/contract/patients/update-rtm-coverage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** PATCH /clinic/patient/{id}/update-rtm-coverage {is_rtm_covered}. */
export async function updateRtmCoverage(id: number, isRtmCovered: boolean): Promise<Patient> {
  return apiCall(updateRtmCoverageRoute, {
    params: { id },
    body: { is_rtm_covered: isRtmCovered },
  });
}

export function useUpdateRtmCoverage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isRtmCovered: boolean) => updateRtmCoverage(id, isRtmCovered),
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientKeys.record(id), patient);
      // The roster shows coverage; the call-due banner and the report depend on it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: healthKeys.banners(id) }),
        queryClient.invalidateQueries({ queryKey: healthKeys.reports(id) }),
      ]);
    },
  });
}
