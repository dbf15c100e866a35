import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '../../../shared/session/logout';
import { authStore } from '../stores/auth-store';
import { endSessionCache } from './session-cache';

/** Signs out (store: request → logout, extension told) and empties the query cache. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authStore.getState().logout(logout),
    onSuccess: () => endSessionCache(queryClient),
  });
}
