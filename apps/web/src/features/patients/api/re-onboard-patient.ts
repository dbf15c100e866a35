import { reOnboardPatientRoute } from '@homestretch/contract/patients/onboard-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { OnboardPatientInput } from './onboard-patient';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/**
 * PATCH /api/v1/patients/{id}/re_onboard/: a discharged patient starts a new episode; an active
 * one gets the corrected diagnosis and therapists.
 */
export function reOnboardPatient({ patientId, body }: OnboardPatientInput): Promise<Patient> {
  return apiCall(reOnboardPatientRoute, { params: { id: patientId }, body });
}

export function useReOnboardPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reOnboardPatient,
    onSuccess: async (patient) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: patientKeys.record(patient.id) }),
        queryClient.invalidateQueries({ queryKey: patientKeys.recordData(patient.id) }),
      ]);
    },
  });
}
