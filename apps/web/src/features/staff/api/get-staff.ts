import {
  listStaffRoute,
  type StaffListQuery,
  type StaffMember,
} from '@homestretch/contract/staff/list-staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { staffKeys } from '../../../lib/query-keys/staff-keys';

export interface StaffPage {
  results: StaffMember[];
  count: number;
}

type StaffRoleFilter = NonNullable<StaffListQuery['role']>;

export interface StaffQuery {
  search: string;
  page: number;
  /** Only the staff who may be a patient's treating therapist (office managers are not). */
  canTreat?: boolean;
  /** Only this role (the clinic's supervisors, on the administrator's screen). */
  role?: StaffRoleFilter;
}

/**
 * GET /clinic/therapist?search&page&can_treat: the clinic's staff, by last name, 25 a page. The
 * staff list and the patient forms' therapist pickers share it, so an approval refreshes both.
 */
export function getStaff(query: StaffQuery, signal?: AbortSignal): Promise<StaffPage> {
  return apiCall(listStaffRoute, {
    query: {
      page: query.page,
      ...(query.search ? { search: query.search } : {}),
      ...(query.canTreat ? { can_treat: 'true' } : {}),
      ...(query.role ? { role: query.role } : {}),
    },
    signal,
  });
}

export function staffQueryOptions(query: StaffQuery) {
  const normalized = {
    ...query,
    search: query.search.trim(),
    canTreat: query.canTreat ?? false,
    role: query.role ?? null,
  };
  return queryOptions({
    queryKey: staffKeys.list(normalized),
    queryFn: ({ signal }) => getStaff({ ...query, search: normalized.search }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(query: StaffQuery) {
  return useQuery(staffQueryOptions(query));
}

/** The first page of staff who may treat patients, matching `search`: the pickers' choices. */
export function useTreatingStaff(search: string) {
  return useStaff({ search, page: 1, canTreat: true });
}
