import { logoutRoute } from '@homestretch/contract/auth/logout';
import { apiCall } from '../../lib/api-client';

/** POST /authentication/logout → {ok}; idempotent on the server. */
export function logout() {
  return apiCall(logoutRoute);
}
