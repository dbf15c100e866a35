import { type RecentCalls, listCallsRoute } from '@homestretch/contract/voice/list-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { voiceKeys } from '../../../lib/query-keys/voice-keys';

/** GET /user/voice/calls?limit: the caller's latest calls, newest first. */
export function listCalls(limit: number, signal?: AbortSignal): Promise<RecentCalls> {
  return apiCall(listCallsRoute, { query: { limit }, signal });
}

export function recentCallsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: voiceKeys.recent(limit),
    queryFn: ({ signal }) => listCalls(limit, signal),
  });
}

export function useRecentCalls(limit: number) {
  return useQuery(recentCallsQueryOptions(limit));
}
