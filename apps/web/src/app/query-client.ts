import { QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from '../lib/query-keys/auth-keys';
import { isApiError } from '../lib/api-client';

export const DEFAULT_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/** A 4xx will answer the same again (bad input, not allowed, not found): retry only the rest. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return false;
  }
  return failureCount < MAX_RETRIES;
}

/**
 * The auth boundary for screens (STYLE.md: 401 handled there, not in the HTTP client): a 401 on
 * any screen's query means the session ended, so the current user is dropped; the route guard
 * then finds no user, remembers where the clinician was and sends them to sign in.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const isAuthQuery = query.queryKey[0] === authKeys.all[0];
        if (!isAuthQuery && isApiError(error) && error.status === 401) {
          void queryClient.resetQueries({ queryKey: authKeys.currentUser() });
        }
      },
    }),
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME_MS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
