import { patientMonitoringRoute } from '@homestretch/contract/monitoring/patient-monitoring';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiCallResult } from '../../../lib/api-client';
import { monitoringKeys } from '../../../lib/query-keys/monitoring-keys';

export type PatientMonitoring = ApiCallResult<typeof patientMonitoringRoute>;

/** GET /api/v1/patients/{id}/monitoring/?month: a patient's monitoring month. */
export function getPatientMonitoring(
  patientId: number,
  month: string | undefined,
  signal?: AbortSignal,
): Promise<PatientMonitoring> {
  return apiCall(patientMonitoringRoute, {
    params: { id: patientId },
    query: month ? { month } : {},
    signal,
  });
}

export function patientMonitoringQueryOptions(patientId: number, month: string | undefined) {
  return queryOptions({
    queryKey: monitoringKeys.patient(patientId, month),
    queryFn: ({ signal }) => getPatientMonitoring(patientId, month, signal),
    placeholderData: keepPreviousData,
    // The minutes grow while someone monitors; a minute-old figure is fine between refreshes.
    refetchInterval: 60_000,
  });
}

export function usePatientMonitoring(patientId: number, month: string | undefined) {
  return useQuery(patientMonitoringQueryOptions(patientId, month));
}
