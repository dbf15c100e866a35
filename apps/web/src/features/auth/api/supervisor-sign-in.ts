import {
  supervisorSignInRoute,
  type SupervisorSignInBody,
} from '@homestretch/contract/supervisors/supervisor-auth';
import type { User } from '@homestretch/contract/users/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authStore } from '../stores/auth-store';
import { startSessionCache } from './session-cache';

/**
 * POST /clinic/supervisor/signin {code, password}. The server also sets the session cookie,
 * which is what this app uses; the bearer token in the answer is for non-browser clients and
 * is deliberately not kept (a token in JavaScript-readable storage would be open to XSS).
 */
export async function supervisorSignIn(body: SupervisorSignInBody): Promise<User> {
  const { user } = await apiCall(supervisorSignInRoute, { body });
  return user;
}

export function useSupervisorSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupervisorSignInBody) =>
      authStore.getState().login(() => supervisorSignIn(body)),
    onSuccess: (user) => startSessionCache(queryClient, user),
  });
}
