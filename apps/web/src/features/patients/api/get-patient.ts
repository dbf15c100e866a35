import { getPatientRoute } from '@homestretch/contract/patients/get-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client';
import { earlyRequests } from '../../../lib/early-request';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/** GET /api/v1/patients/{id}/: clinicians only; an office manager gets 403. */
export async function getPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  return apiCall(getPatientRoute, { params: { id }, signal });
}

/**
 * A record asked for as its dashboard's page starts, alongside the session check instead of
 * after it and the layout (issue 29: the record holds the dashboard's largest paint). Asked
 * again only if it was refused for want of a session (the sign-in comes between).
 */
const early = earlyRequests(
  (id: number) => getPatient(id),
  (error) => isApiError(error) && error.status === 401,
);

export function askPatientEarly(id: number): void {
  early.start(id);
}

export function patientQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientKeys.record(id),
    queryFn: ({ signal }) => early.take(id, () => getPatient(id, signal)),
  });
}

export function usePatient(id: number) {
  return useQuery(patientQueryOptions(id));
}
