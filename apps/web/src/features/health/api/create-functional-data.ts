import {
  type CreateFunctionalDataBody,
  createFunctionalDataRoute,
  type FunctionalDataType,
} from '@homestretch/contract/health/functional-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** POST /user/therapist/dashboard/functional-data/{patientId} {name, unit, entries}. */
export async function createFunctionalData(
  patientId: number,
  body: CreateFunctionalDataBody,
): Promise<FunctionalDataType> {
  return apiCall(createFunctionalDataRoute, { params: { patientId }, body });
}

export function useCreateFunctionalData(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFunctionalDataBody) => createFunctionalData(patientId, body),
    onSuccess: async () => {
      // The weekly report lists the week's measurements too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: healthKeys.functionalData(patientId) }),
        queryClient.invalidateQueries({ queryKey: healthKeys.reports(patientId) }),
      ]);
    },
  });
}
