import { listUsersRoute } from '@homestretch/contract/users/list-users';
import type { User } from '@homestretch/contract/users/user';
import { ApiError, apiCall } from '../../lib/api-client';

/**
 * Who is signed in, for the staff app and the patient app alike (one session cookie for both):
 * GET /api/v1/users/ answers a list whose first result is the current user (spec §7); a 401
 * when nobody is. Each app decides what to do with an account that is not its own.
 */
export async function getSignedInUser(signal?: AbortSignal): Promise<User> {
  const { results } = await apiCall(listUsersRoute, { signal });
  const user = results[0];
  if (!user) {
    throw new ApiError({ status: 401, code: 'unauthenticated', message: 'No signed-in user' });
  }
  return user;
}
