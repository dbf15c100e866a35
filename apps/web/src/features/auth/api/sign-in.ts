import type { SignInBody } from '@homestretch/contract/auth/sign-in';
import type { User } from '@homestretch/contract/users/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInWith } from '../../../shared/session/sign-in';
import { authStore } from '../stores/auth-store';
import { startSessionCache } from './session-cache';
import { requireStaff } from './staff-only';

/**
 * POST /clinic/therapist/signin; the server sets the session cookie. A patient's sign-in is
 * ended again and refused (PatientAccountError): their place is the Homestretch app.
 */
export async function signIn(body: SignInBody): Promise<User> {
  return requireStaff(await signInWith(body));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => authStore.getState().login(() => signIn(body)),
    onSuccess: (user) => startSessionCache(queryClient, user),
  });
}
