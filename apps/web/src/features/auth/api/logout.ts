import { logoutRoute } from '@homestretch/contract/auth/logout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authStore } from '../stores/auth-store';
import { endSessionCache } from './session-cache';

/** POST /authentication/logout → {ok}; idempotent on the server. */
export function logout() {
  return apiCall(logoutRoute);
}

/** Signs out (store: request → logout, extension told) and empties the query cache. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authStore.getState().logout(logout),
    onSuccess: () => endSessionCache(queryClient),
  });
}
