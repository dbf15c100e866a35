import { removePatientRoute } from '@homestretch/contract/patients/remove-patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/** POST /api/v1/patients/{id}/remove/: off the roster; the record then answers 404. */
export async function removePatient(patientId: number): Promise<void> {
  await apiCall(removePatientRoute, { params: { id: patientId } });
}

export function useRemovePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePatient,
    onSuccess: async (_answer, patientId) => {
      queryClient.removeQueries({ queryKey: patientKeys.record(patientId) });
      queryClient.removeQueries({ queryKey: patientKeys.recordData(patientId) });
      await queryClient.invalidateQueries({ queryKey: patientKeys.lists() });
    },
  });
}
