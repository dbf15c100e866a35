import {
  type FunctionalDataType,
  type UpdateFunctionalDataBody,
  updateFunctionalDataRoute,
} from '@homestretch/contract/health/functional-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** PATCH …/functional-data/{patientId} {datatype_id, …}: what is sent replaces what is stored. */
export async function updateFunctionalData(
  patientId: number,
  body: UpdateFunctionalDataBody,
): Promise<FunctionalDataType> {
  return apiCall(updateFunctionalDataRoute, { params: { patientId }, body });
}

export function useUpdateFunctionalData(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFunctionalDataBody) => updateFunctionalData(patientId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: healthKeys.functionalData(patientId) }),
        queryClient.invalidateQueries({ queryKey: healthKeys.reports(patientId) }),
      ]);
    },
  });
}
