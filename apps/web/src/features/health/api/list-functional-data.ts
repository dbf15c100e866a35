import {
  type FunctionalDataType,
  listFunctionalDataRoute,
} from '@homestretch/contract/health/functional-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** GET /user/therapist/dashboard/functional-data/{patientId}: every measure with its entries. */
export async function listFunctionalData(
  patientId: number,
  signal?: AbortSignal,
): Promise<FunctionalDataType[]> {
  const { results } = await apiCall(listFunctionalDataRoute, { params: { patientId }, signal });
  return results;
}

export function functionalDataQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: healthKeys.functionalData(patientId),
    queryFn: ({ signal }) => listFunctionalData(patientId, signal),
  });
}

export function useFunctionalData(patientId: number) {
  return useQuery(functionalDataQueryOptions(patientId));
}
