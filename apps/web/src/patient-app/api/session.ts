import type { SignInBody } from '@homestretch/contract/auth/sign-in';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forgetUnsentChat } from '../../shared/chat/unsent';
import { getSignedInUser } from '../../shared/session/get-signed-in-user';
import { logout } from '../../shared/session/logout';
import { signInWith } from '../../shared/session/sign-in';
import { forgetSession } from '../lib/exercise-session';
import { forgetProgram } from '../lib/program-cache';
import { appKeys } from './keys';

/**
 * Who is signed in: the first result of GET /api/v1/users/ (spec §7), a 401 when nobody is.
 * Not /app-api/me, whose patient record would bring the phone-number rules (30 KB) to every
 * phone for a first name; the program answers 404 for an account without a patient record.
 * Loaded once; signing in and out reset it.
 */
export function useMe() {
  return useQuery({
    queryKey: appKeys.me(),
    queryFn: ({ signal }) => getSignedInUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Staff credentials are right but this is the patients' app: signed out again at once. */
export class StaffAccountError extends Error {
  override readonly name = 'StaffAccountError';
  constructor() {
    super('A staff account signed in to the patient app');
  }
}

/** The shared sign-in (same session cookie as the staff app); the patient's record follows. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const user = await signInWith(body);
      if (user.role !== 'patient') {
        await logout().catch(() => undefined);
        throw new StaffAccountError();
      }
      return user;
    },
    onSuccess: () => {
      // Another patient may have used the phone before, and left words unsent.
      forgetUnsentChat();
      return queryClient.resetQueries({ queryKey: appKeys.me() });
    },
  });
}

/** Ends the session and forgets what this phone kept of the patient. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      forgetProgram();
      forgetSession();
      forgetUnsentChat();
      queryClient.removeQueries({ queryKey: appKeys.program() });
      return queryClient.resetQueries({ queryKey: appKeys.me() });
    },
  });
}
