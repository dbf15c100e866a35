import { getPatientRoute } from '@homestretch/contract/patients/get-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

/** GET /api/v1/patients/{id}/: clinicians only; an office manager gets 403. */
export async function getPatient(id: number, signal?: AbortSignal): Promise<Patient> {
  return apiCall(getPatientRoute, { params: { id }, signal });
}

/** Records asked for as the dashboard's page starts (`askPatientEarly`), until a query takes one. */
const early = new Map<number, Promise<Patient>>();

/**
 * Asks for a record as its dashboard's page starts, alongside the session check instead of
 * after it and the layout (issue 29: the record holds the dashboard's largest paint). Outside
 * the query cache: the record's query takes the answer once, and asks again if it was refused
 * for want of a session (the sign-in comes between).
 */
export function askPatientEarly(id: number): void {
  if (!early.has(id)) {
    const asked = getPatient(id);
    asked.catch(() => undefined);
    early.set(id, asked);
  }
}

export function patientQueryOptions(id: number) {
  return queryOptions({
    queryKey: patientKeys.record(id),
    queryFn: ({ signal }) => {
      const asked = early.get(id);
      early.delete(id);
      return asked
        ? asked.catch((error: unknown) => {
            if (isApiError(error) && error.status === 401) {
              return getPatient(id, signal);
            }
            throw error;
          })
        : getPatient(id, signal);
    },
  });
}

export function usePatient(id: number) {
  return useQuery(patientQueryOptions(id));
}
