import {
  type PatientReport,
  patientReportRoute,
} from '@homestretch/contract/health/patient-report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

/** GET /api/v1/patients/{id}/report/?weeks_ago (1 = last week, the default). */
export async function getPatientReport(
  id: number,
  weeksAgo: number,
  signal?: AbortSignal,
): Promise<PatientReport> {
  return apiCall(patientReportRoute, { params: { id }, query: { weeks_ago: weeksAgo }, signal });
}

export function patientReportQueryOptions(id: number, weeksAgo: number) {
  return queryOptions({
    queryKey: healthKeys.report(id, weeksAgo),
    queryFn: ({ signal }) => getPatientReport(id, weeksAgo, signal),
  });
}

/** Loaded only while the report is open: it is audited as a read of the whole week. */
export function usePatientReport(id: number, weeksAgo: number, enabled: boolean) {
  return useQuery({ ...patientReportQueryOptions(id, weeksAgo), enabled });
}
