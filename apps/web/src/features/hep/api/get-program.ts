import { getProgramRoute, type Program } from '@homestretch/contract/hep/program';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/**
 * GET /video/hep/therapist/{dashboardId}: the patient's program (dashboardId is the patient id,
 * contract hep/hep-item.ts), or with `asOf` (YYYY-MM-DD) as it stood at that day's end.
 */
export function getProgram(
  patientId: number,
  asOf: string | null,
  signal?: AbortSignal,
): Promise<Program> {
  return apiCall(getProgramRoute, {
    params: { dashboardId: patientId },
    query: asOf === null ? {} : { as_of: asOf },
    signal,
  });
}

export function programQueryOptions(patientId: number, asOf: string | null = null) {
  return queryOptions({
    queryKey: hepKeys.program(patientId, asOf),
    queryFn: ({ signal }) => getProgram(patientId, asOf, signal),
  });
}

export function useProgram(patientId: number) {
  return useQuery(programQueryOptions(patientId));
}

/** The program at the end of a past clinic date; nothing is asked until a date is chosen. */
export function useProgramOnDate(patientId: number, asOf: string | null) {
  return useQuery({ ...programQueryOptions(patientId, asOf ?? ''), enabled: asOf !== null });
}
