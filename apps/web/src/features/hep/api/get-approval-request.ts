import {
  approvalRequestDetailsRoute,
  type ApprovalRequestDetails,
} from '@homestretch/contract/hep/approval-request';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** GET /video/hep-approval-requests/{id}/details: the proposal against the program now. */
export function getApprovalRequest(
  id: number,
  signal?: AbortSignal,
): Promise<ApprovalRequestDetails> {
  return apiCall(approvalRequestDetailsRoute, { params: { id }, signal });
}

export function approvalRequestQueryOptions(id: number) {
  return queryOptions({
    queryKey: hepKeys.approvalDetails(id),
    queryFn: ({ signal }) => getApprovalRequest(id, signal),
  });
}

export function useApprovalRequest(id: number) {
  return useQuery(approvalRequestQueryOptions(id));
}
