import type { ApprovalRequestStatus } from '@homestretch/contract/hep/approval-request';
import {
  supervisorApprovalsRoute,
  type SupervisorApprovals,
} from '@homestretch/contract/hep/supervisor-approvals';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** GET /clinic/supervisor/approval?status&page: the queue, and who needs approval. */
export function getSupervisorApprovals(
  status: ApprovalRequestStatus,
  page: number,
  signal?: AbortSignal,
): Promise<SupervisorApprovals> {
  return apiCall(supervisorApprovalsRoute, { query: { status, page }, signal });
}

export function supervisorApprovalsQueryOptions(status: ApprovalRequestStatus, page: number) {
  return queryOptions({
    queryKey: hepKeys.approvalQueue(status, page),
    queryFn: ({ signal }) => getSupervisorApprovals(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSupervisorApprovals(status: ApprovalRequestStatus, page: number) {
  return useQuery(supervisorApprovalsQueryOptions(status, page));
}
