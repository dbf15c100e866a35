import { signUpRoute, type SignUpBody } from '@homestretch/contract/auth/sign-up';
import type { User } from '@homestretch/contract/users/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authStore } from '../stores/auth-store';
import { startSessionCache } from './session-cache';

/** POST /clinic/therapist/signup → 201 {user}; the new account is signed in at once. */
export async function signUp(body: SignUpBody): Promise<User> {
  const { user } = await apiCall(signUpRoute, { body });
  return user;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpBody) => authStore.getState().login(() => signUp(body)),
    onSuccess: (user) => startSessionCache(queryClient, user),
  });
}
