import { listStaffRoute, type StaffMember } from '@homestretch/contract/staff/list-staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { staffKeys } from './staff-keys';

export interface StaffPage {
  results: StaffMember[];
  count: number;
}

/** GET /clinic/therapist?search&page: the clinic's staff, by last name, 25 a page. */
export function getStaff(
  query: { search: string; page: number },
  signal?: AbortSignal,
): Promise<StaffPage> {
  return apiCall(listStaffRoute, {
    query: { page: query.page, ...(query.search ? { search: query.search } : {}) },
    signal,
  });
}

export function staffQueryOptions(query: { search: string; page: number }) {
  return queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: ({ signal }) => getStaff(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaff(query: { search: string; page: number }) {
  return useQuery(staffQueryOptions(query));
}
