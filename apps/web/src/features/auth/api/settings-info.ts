import { settingsInfoRoute, type SettingsInfo } from '@homestretch/contract/users/settings-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

/** The clinic's support user id and the initial note for new chats (spec §2 route guard). */
export function getSettingsInfo(signal?: AbortSignal): Promise<SettingsInfo> {
  return apiCall(settingsInfoRoute, { signal });
}

export function settingsInfoQueryOptions() {
  return queryOptions({
    queryKey: authKeys.settingsInfo(),
    queryFn: ({ signal }) => getSettingsInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSettingsInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsInfoQueryOptions(), enabled: options.enabled ?? true });
}
