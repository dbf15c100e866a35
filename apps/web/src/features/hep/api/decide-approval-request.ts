import {
  decideApprovalRoute,
  type ApprovalRequestDetails,
  type DecideApprovalBody,
} from '@homestretch/contract/hep/approval-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';
import { refreshProgram } from './program-cache';

export interface DecideApprovalInput {
  id: number;
  body: DecideApprovalBody;
}

/**
 * POST /video/hep-approval-requests/{id}/approve-with-changes: accept (as sent, or with the
 * supervisor's `hep_data`) or decline with a note. 409 when it was decided already.
 */
export function decideApprovalRequest({
  id,
  body,
}: DecideApprovalInput): Promise<ApprovalRequestDetails> {
  return apiCall(decideApprovalRoute, { params: { id }, body });
}

/** A decision changes the queue, the request and, when accepted, the patient's program. */
export function useDecideApprovalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApprovalRequest,
    onSuccess: async (request) => {
      queryClient.setQueryData(hepKeys.approvalDetails(request.id), request);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: hepKeys.approvals() }),
        refreshProgram(queryClient, request.patient.id),
      ]);
    },
  });
}
