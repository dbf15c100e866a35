import {
  setTherapistApprovalRoute,
  type SetTherapistApprovalBody,
  type TherapistApproval,
} from '@homestretch/contract/hep/supervisor-approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';

/** PATCH /clinic/supervisor/approval {user_id, status}: whether one therapist's changes wait. */
export function setTherapistApproval(body: SetTherapistApprovalBody): Promise<TherapistApproval> {
  return apiCall(setTherapistApprovalRoute, { body });
}

/** Every page of the queue carries the therapists list: all of it is refreshed. */
export function useSetTherapistApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTherapistApproval,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hepKeys.approvals() }),
  });
}
