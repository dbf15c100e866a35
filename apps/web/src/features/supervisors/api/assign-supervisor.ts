import {
  type AssignSupervisorBody,
  type SupervisorTeam,
  assignSupervisorRoute,
} from '@homestretch/contract/supervisors/assign-supervisor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hepKeys } from '../../../lib/query-keys/hep-keys';
import { staffKeys } from '../../../lib/query-keys/staff-keys';

/** PATCH /admin/clinic/update/supervisor {user_id, therapist_ids?}: the administrator (spec §6). */
export function assignSupervisor(body: AssignSupervisorBody): Promise<SupervisorTeam> {
  return apiCall(assignSupervisorRoute, { body });
}

export function useAssignSupervisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignSupervisor,
    // The staff lists show each one's supervisor; a supervisor's queue follows their team.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: hepKeys.approvals() }),
      ]);
    },
  });
}
