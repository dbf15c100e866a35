import type { User } from '@homestretch/contract/users/user';
import type { QueryClient } from '@tanstack/react-query';
import { forgetUnsentChat } from '../../../shared/chat/unsent';
import { authKeys } from '../../../lib/query-keys/auth-keys';

const CURRENT_USER_HASH = JSON.stringify(authKeys.currentUser());

/**
 * A new sign-in may be another person on the same computer: nothing cached for the previous
 * session (patients, settings, unsent chat messages) may leak into the new one. Everything but the current-user
 * query is dropped, and that one is updated in place: `clear()` would detach the route guard,
 * which observes it, and the guard would never see the sign-in.
 */
export function startSessionCache(queryClient: QueryClient, user: User): void {
  forgetUnsentChat();
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== CURRENT_USER_HASH });
  queryClient.setQueryData(authKeys.currentUser(), user);
}

/** After sign-out nothing of the session stays in memory (unsent chat messages included). */
export function endSessionCache(queryClient: QueryClient): void {
  forgetUnsentChat();
  queryClient.clear();
}
