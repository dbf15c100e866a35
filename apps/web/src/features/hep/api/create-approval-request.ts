import {
  createApprovalRequestRoute,
  type ApprovalRequestDetails,
  type CreateApprovalRequestBody,
} from '@homestretch/contract/hep/approval-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';
import { refreshProgram } from './program-cache';

/**
 * POST /video/hep-approval-requests/{dashboardId} {dashboard, hep_data}: a program change that
 * waits for a supervisor. The program itself does not change; its pending request does.
 */
export function createApprovalRequest(
  body: CreateApprovalRequestBody,
): Promise<ApprovalRequestDetails> {
  return apiCall(createApprovalRequestRoute, { params: { dashboardId: body.dashboard }, body });
}

export function useCreateApprovalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApprovalRequest,
    onSuccess: async (request) => {
      await Promise.all([
        refreshProgram(queryClient, request.patient.id),
        queryClient.invalidateQueries({ queryKey: hepKeys.approvals() }),
      ]);
    },
  });
}
