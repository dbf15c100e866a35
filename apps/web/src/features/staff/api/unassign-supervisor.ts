import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { unassignSupervisorRoute } from '@homestretch/contract/staff/unassign-supervisor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';
import { staffKeys } from '../../../lib/query-keys/staff-keys';

/** DELETE /clinic/staff/:userId/supervisor: the administrator leaves a therapist unsupervised. */
export function unassignSupervisor(userId: number): Promise<StaffMember> {
  return apiCall(unassignSupervisorRoute, { params: { userId } });
}

export function useUnassignSupervisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignSupervisor,
    // As for an assignment: the lists show each one's supervisor, a supervisor's queue their team.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: hepKeys.approvals() }),
      ]);
    },
  });
}
