import { settingsInfoRoute, type SettingsInfo } from '@homestretch/contract/users/settings-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { earlyRequests } from '../../../lib/early-request';
import { authKeys } from '../../../lib/query-keys/auth-keys';

/** The clinic's support user id and the initial note for new chats (spec §2 route guard). */
export function getSettingsInfo(signal?: AbortSignal): Promise<SettingsInfo> {
  return apiCall(settingsInfoRoute, { signal });
}

/**
 * The settings asked for as a protected screen's page starts, alongside the current user rather
 * than once the user has come (the route guard's order): one round trip less before any
 * signed-in screen shows (issue 29). Any failure of the early answer (a visitor not signed in
 * after all) leaves the query to ask again.
 */
const early = earlyRequests(
  () => getSettingsInfo(),
  () => true,
);

export function askSettingsInfoEarly(): void {
  early.start('settings');
}

export function settingsInfoQueryOptions() {
  return queryOptions({
    queryKey: authKeys.settingsInfo(),
    queryFn: ({ signal }) => early.take('settings', () => getSettingsInfo(signal)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSettingsInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsInfoQueryOptions(), enabled: options.enabled ?? true });
}
