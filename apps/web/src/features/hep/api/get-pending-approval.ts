import {
  pendingApprovalRoute,
  type PendingApproval,
} from '@homestretch/contract/hep/approval-request';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** GET /video/hep/patient/{patientId}/pending: the proposal waiting, by library folder. */
export function getPendingApproval(
  patientId: number,
  signal?: AbortSignal,
): Promise<PendingApproval> {
  return apiCall(pendingApprovalRoute, { params: { patientId }, signal });
}

export function pendingApprovalQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: hepKeys.pending(patientId),
    queryFn: ({ signal }) => getPendingApproval(patientId, signal),
  });
}

/** Asked only where a request is known to wait (the program answer's `pending_request`). */
export function usePendingApproval(patientId: number, enabled: boolean) {
  return useQuery({ ...pendingApprovalQueryOptions(patientId), enabled });
}
