import {
  listPatientsRoute,
  type PatientList,
  type PatientListQuery,
} from '@homestretch/contract/patients/list-patients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/** GET /api/v1/patients/?search&page&status&mine&rtm: one page (25) of the clinic's roster. */
export function getPatients(query: PatientListQuery, signal?: AbortSignal): Promise<PatientList> {
  return apiCall(listPatientsRoute, { query, signal });
}

/**
 * The query's AbortSignal reaches fetch, so a search overtaken by the next keystroke is
 * cancelled; the previous page stays on screen until the new one arrives.
 */
export function patientsQueryOptions(query: PatientListQuery) {
  return queryOptions({
    queryKey: patientKeys.list({ ...query }),
    queryFn: ({ signal }) => getPatients(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePatients(query: PatientListQuery) {
  return useQuery(patientsQueryOptions(query));
}
