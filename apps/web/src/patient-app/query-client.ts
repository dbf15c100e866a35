import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';
import { appKeys } from './api/keys';

/**
 * A 401 on any call but the sign-in check means the session ended: the check is run again,
 * which finds nobody, and the app shows the sign-in.
 */
export function createAppQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const isMe = query.queryKey.join() === appKeys.me().join();
        if (!isMe && isApiError(error) && error.status === 401) {
          void queryClient.resetQueries({ queryKey: appKeys.me() });
        }
      },
    }),
    defaultOptions: { mutations: { retry: false } },
  });
  return queryClient;
}
