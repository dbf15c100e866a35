import { type SignInBody, signInRoute } from '@homestretch/contract/auth/sign-in';
import type { User } from '@homestretch/contract/users/user';
import { apiCall } from '../../lib/api-client';

/** POST /clinic/therapist/signin, for staff and patients alike; the server sets the cookie. */
export async function signInWith(body: SignInBody): Promise<User> {
  const { user } = await apiCall(signInRoute, { body });
  return user;
}
