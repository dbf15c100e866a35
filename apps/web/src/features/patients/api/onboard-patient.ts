import {
  onboardPatientRoute,
  type OnboardPatientBody,
} from '@homestretch/contract/patients/onboard-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

export interface OnboardPatientInput {
  patientId: number;
  body: OnboardPatientBody;
}

/** POST /api/v1/patients/{id}/onboard/ {diagnosis, selected_code, therapists}: starts the episode of care. */
export function onboardPatient({ patientId, body }: OnboardPatientInput): Promise<Patient> {
  return apiCall(onboardPatientRoute, { params: { id: patientId }, body });
}

export function useOnboardPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: onboardPatient,
    onSuccess: async (patient) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: patientKeys.record(patient.id) }),
        queryClient.invalidateQueries({ queryKey: patientKeys.recordData(patient.id) }),
      ]);
    },
  });
}
