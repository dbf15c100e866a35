import { getPatientRoute } from '@homestretch/contract/patients/get-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/** GET /api/v1/patients/{id}/: clinicians only; an office manager gets 403. */
export async function getPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  return apiCall(getPatientRoute, { params: { id }, signal });
}

export function patientQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientKeys.record(id),
    queryFn: ({ signal }) => getPatient(id, signal),
  });
}

export function usePatient(id: number) {
  return useQuery(patientQueryOptions(id));
}
