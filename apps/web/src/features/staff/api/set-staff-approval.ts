import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import {
  type SetStaffApprovalBody,
  setStaffApprovalRoute,
} from '@homestretch/contract/staff/set-staff-approval';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { staffKeys } from '../../../lib/query-keys/staff-keys';

/**
 * PATCH /clinic/therapist/approval {user_id, status}: the administrator approves or declines a
 * staff account made with the clinic code; declining signs the account out everywhere.
 */
export function setStaffApproval(body: SetStaffApprovalBody): Promise<StaffMember> {
  return apiCall(setStaffApprovalRoute, { body });
}

export function useSetStaffApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffApproval,
    // The list orders waiting accounts first and shows each status: refresh it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
