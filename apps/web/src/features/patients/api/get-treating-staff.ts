import { listStaffRoute, type StaffMember } from '@homestretch/contract/staff/list-staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

export interface TreatingStaffPage {
  results: StaffMember[];
  count: number;
}

/**
 * GET /clinic/therapist?can_treat=true: the staff who may be a patient's treating therapist
 * (office managers are not), for the onboarding, registration and change-therapist pickers.
 */
export function getTreatingStaff(search: string, signal?: AbortSignal): Promise<TreatingStaffPage> {
  return apiCall(listStaffRoute, {
    query: { can_treat: 'true', ...(search ? { search } : {}) },
    signal,
  });
}

export function treatingStaffQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: patientKeys.treatingStaff(term),
    queryFn: ({ signal }) => getTreatingStaff(term, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useTreatingStaff(search: string) {
  return useQuery(treatingStaffQueryOptions(search));
}
