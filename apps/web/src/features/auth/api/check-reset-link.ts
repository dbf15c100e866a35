import {
  checkResetLinkRoute,
  type ResetLinkQuery,
  type ResetLinkStatus,
} from '@homestretch/contract/auth/reset-password';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

/**
 * GET /clinic/therapist/reset-password-check?uid&token → {valid}: whether the reset link would
 * still set a password. Checking does not use it up.
 */
export function checkResetLink(
  query: ResetLinkQuery,
  signal?: AbortSignal,
): Promise<ResetLinkStatus> {
  return apiCall(checkResetLinkRoute, { query, signal });
}

export function resetLinkQueryOptions(query: ResetLinkQuery) {
  return queryOptions({
    queryKey: authKeys.resetLink(query.uid, query.token),
    queryFn: ({ signal }) => checkResetLink(query, signal),
    // A dead link is an answer, not a failure; only a failed request is worth one more try.
    retry: 1,
  });
}

/** Checks the link once it is well formed; `null` skips the request. */
export function useResetLinkStatus(query: ResetLinkQuery | null) {
  return useQuery({
    ...resetLinkQueryOptions(query ?? { uid: '', token: '' }),
    enabled: query !== null,
  });
}
