import { settingsInfoRoute, type SettingsInfo } from '@homestretch/contract/users/settings-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** The clinic's support user id and the initial note for new chats (spec §2 route guard). */
export function getSettingsInfo(signal?: AbortSignal): Promise<SettingsInfo> {
  return apiCall(settingsInfoRoute, { signal });
}

/** The answer asked for as the page starts (`askSettingsInfoEarly`), until the query takes it. */
let early: Promise<SettingsInfo> | null = null;

/**
 * Asks for the settings as a protected screen's page starts, alongside the current user rather
 * than once the user has come (the route guard's order): one round trip less before any
 * signed-in screen shows (issue 29). Outside the query cache, so a visitor who turns out not to
 * be signed in leaves no failed settings behind for after the sign-in: the query then asks
 * again.
 */
export function askSettingsInfoEarly(): void {
  early = getSettingsInfo();
  early.catch(() => undefined);
}

export function settingsInfoQueryOptions() {
  return queryOptions({
    queryKey: authKeys.settingsInfo(),
    queryFn: ({ signal }) => {
      const asked = early;
      early = null;
      return asked ? asked.catch(() => getSettingsInfo(signal)) : getSettingsInfo(signal);
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSettingsInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsInfoQueryOptions(), enabled: options.enabled ?? true });
}
