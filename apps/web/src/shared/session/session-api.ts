import { logoutRoute } from '@homestretch/contract/auth/logout';
import { type SignInBody, signInRoute } from '@homestretch/contract/auth/sign-in';
import { listUsersRoute } from '@homestretch/contract/users/list-users';
import type { User } from '@homestretch/contract/users/user';
import { ApiError, apiCall } from '../../lib/api-client';

/*
 * The session's three calls, the same for the staff app and the patient app (one session cookie
 * for both): each app decides what to do with an account that is not its own.
 */

/**
 * Who is signed in: GET /api/v1/users/ answers a list whose first result is the current user
 * (spec §7); a 401 when nobody is.
 */
export async function getSignedInUser(signal?: AbortSignal): Promise<User> {
  const { results } = await apiCall(listUsersRoute, { signal });
  const user = results[0];
  if (!user) {
    throw new ApiError({ status: 401, code: 'unauthenticated', message: 'No signed-in user' });
  }
  return user;
}

/** POST /clinic/therapist/signin, for staff and patients alike; the server sets the cookie. */
export async function signInWith(body: SignInBody): Promise<User> {
  const { user } = await apiCall(signInRoute, { body });
  return user;
}

/** POST /authentication/logout → {ok}; idempotent on the server. */
export function logout() {
  return apiCall(logoutRoute);
}
