import {
  registerPatientRoute,
  type RegisterPatientBody,
} from '@homestretch/contract/patients/register-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

/** POST /clinic/patient/register: staff add a patient to the clinic. */
export function registerPatient(body: RegisterPatientBody): Promise<Patient> {
  return apiCall(registerPatientRoute, { body });
}

export function useRegisterPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
  });
}
