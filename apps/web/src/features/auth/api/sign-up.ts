import {
  confirmSignUpRoute,
  signUpRoute,
  type ConfirmSignUpBody,
  type SignUpBody,
} from '@homestretch/contract/auth/sign-up';
import type { User } from '@homestretch/contract/users/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authStore } from '../stores/auth-store';
import { startSessionCache } from './session-cache';

/**
 * POST /clinic/therapist/signup → 202 {ok, message}: the same answer for every address; the
 * account is made from the link mailed to it.
 */
export function signUp(body: SignUpBody) {
  return apiCall(signUpRoute, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/** POST /clinic/therapist/signup/confirm → 201 {user}; the new account is signed in at once. */
export async function confirmSignUp(body: ConfirmSignUpBody): Promise<User> {
  const { user } = await apiCall(confirmSignUpRoute, { body });
  return user;
}

export function useConfirmSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmSignUpBody) => authStore.getState().login(() => confirmSignUp(body)),
    onSuccess: (user) => startSessionCache(queryClient, user),
  });
}
