import {
  type ChangeStaffRoleBody,
  changeStaffRoleRoute,
} from '@homestretch/contract/staff/change-staff-role';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { staffKeys } from '../../../lib/query-keys/staff-keys';

/** PATCH /clinic/staff/:userId/role {role}: supervisors and the administrator (spec §6). */
export function changeStaffRole(
  input: { userId: number } & ChangeStaffRoleBody,
): Promise<StaffMember> {
  return apiCall(changeStaffRoleRoute, {
    params: { userId: input.userId },
    body: { role: input.role },
  });
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffRole,
    // The lists show roles and who can treat, and the pickers offer only those who can.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
  });
}
