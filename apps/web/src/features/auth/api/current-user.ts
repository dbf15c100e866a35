import type { User } from '@homestretch/contract/users/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { getSignedInUser } from '../../../shared/session/get-signed-in-user';
import { authKeys } from '../../../lib/query-keys/auth-keys';
import { requireStaff } from './staff-only';

/**
 * Spec §7: GET /api/v1/users/ answers a list whose first result is the current user. A patient
 * session found here (left by QR sign-up in this browser, or a reload) is ended, and /login says
 * where patients go: this app is for staff (staff-only.ts).
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return requireStaff(await getSignedInUser(signal));
}

/**
 * Loaded once per session ("loaded if missing", spec §2): never stale on its own; sign-in
 * writes it and sign-out clears it.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * The clinic's time zone, in which every "today" is counted (lib/clinic-time.ts); the browser's
 * for an account of no clinic.
 */
export function useClinicTimeZone(): string {
  const { data } = useCurrentUser();
  return data?.clinic_time_zone ?? viewerTimeZone();
}
