import {
  updateSupervisorRoute,
  type UpdateSupervisorBody,
} from '@homestretch/contract/supervisors/supervisor-auth';
import type { User } from '@homestretch/contract/users/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

/** PATCH /clinic/supervisor: the signed-in supervisor's own names, e-mail or password. */
export function updateSupervisorProfile(body: UpdateSupervisorBody): Promise<User> {
  return apiCall(updateSupervisorRoute, { body });
}

/** The answer is the current user as it now is: the header and account menu show it at once. */
export function useUpdateSupervisorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupervisorProfile,
    onSuccess: (user) => queryClient.setQueryData(authKeys.currentUser(), user),
  });
}
