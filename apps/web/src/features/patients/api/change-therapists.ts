import { changeTherapistRoute } from '@homestretch/contract/patients/change-therapist';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

export interface ChangeTherapistsInput {
  patientId: number;
  therapistIds: number[];
}

/** PATCH /api/v1/patients/{id}/change-therapist/ {therapist_ids}: replaces the treating therapists. */
export function changeTherapists({
  patientId,
  therapistIds,
}: ChangeTherapistsInput): Promise<Patient> {
  return apiCall(changeTherapistRoute, {
    params: { id: patientId },
    body: { therapist_ids: therapistIds },
  });
}

export function useChangeTherapists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTherapists,
    onSuccess: async (_patient, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: patientKeys.record(patientId) }),
      ]);
    },
  });
}
