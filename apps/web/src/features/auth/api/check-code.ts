import { checkCodeRoute, type CheckCodeResponse } from '@homestretch/contract/clinics/clinic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** GET /clinic/check_code?code → {valid, clinic_name}; public, used before sign-up. */
export function checkCode(code: string, signal?: AbortSignal): Promise<CheckCodeResponse> {
  return apiCall(checkCodeRoute, { query: { code }, signal });
}

export function checkCodeQueryOptions(code: string) {
  const normalized = code.trim().toUpperCase();
  return queryOptions({
    queryKey: authKeys.checkCode(normalized),
    queryFn: ({ signal }) => checkCode(normalized, signal),
    staleTime: 5 * 60_000,
  });
}

/** Checks `code` once it is set (the sign-up form sets it when the field loses focus). */
export function useCheckCode(code: string | null) {
  return useQuery({ ...checkCodeQueryOptions(code ?? ''), enabled: Boolean(code?.trim()) });
}
