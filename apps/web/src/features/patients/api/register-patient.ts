import {
  DuplicatePatientErrorSchema,
  registerPatientRoute,
  type LikelyDuplicate,
  type RegisterPatientBody,
} from '@homestretch/contract/patients/register-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/** POST /clinic/patient/register: staff add a patient to the clinic. */
export function registerPatient(body: RegisterPatientBody): Promise<Patient> {
  return apiCall(registerPatientRoute, { body });
}

/** The patients a refused registration may duplicate (409); none for any other outcome. */
export function likelyDuplicatesOf(error: unknown): LikelyDuplicate[] {
  if (!isApiError(error) || error.status !== 409) {
    return [];
  }
  return DuplicatePatientErrorSchema.safeParse(error.payload).data?.error.duplicates ?? [];
}

export function useRegisterPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
  });
}
