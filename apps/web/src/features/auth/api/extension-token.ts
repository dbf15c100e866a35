import {
  extensionTokenRoute,
  type ExtensionToken,
} from '@homestretch/contract/auth/extension-token';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

/**
 * Short-lived token for the browser extension (spec §1); the clinic handshake fetches it, encrypts
 * it and hands it over (features/auth/bridge/clinic-handshake.ts).
 */
export function getExtensionToken(signal?: AbortSignal): Promise<ExtensionToken> {
  return apiCall(extensionTokenRoute, { signal });
}

export function extensionTokenQueryOptions() {
  return queryOptions({
    queryKey: authKeys.extensionToken(),
    queryFn: ({ signal }) => getExtensionToken(signal),
    // A token is handed over once and must never be served from a stale cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
