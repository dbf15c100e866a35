import { checkCodeRoute, type CheckCodeResponse } from '@homestretch/contract/clinics/clinic';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { clinicKeys } from '../../../lib/query-keys/clinic-keys';

/**
 * GET /clinic/check_code?code → {valid, clinic_name}: public, the clinic a staff sign-up or a
 * patient's QR sign-up joins. Codes are upper case, so `demo01` and `DEMO01` are one check.
 */
export function checkClinicCode(code: string, signal?: AbortSignal): Promise<CheckCodeResponse> {
  return apiCall(checkCodeRoute, { query: { code }, signal });
}

export function checkClinicCodeQueryOptions(code: string) {
  const normalized = code.trim().toUpperCase();
  return queryOptions({
    queryKey: clinicKeys.checkCode(normalized),
    queryFn: ({ signal }) => checkClinicCode(normalized, signal),
    // A clinic's code does not change while someone signs up.
    staleTime: 5 * 60_000,
    // An unknown code is an answer, not a failure; only a failed request is worth one more try.
    retry: 1,
  });
}

/** Checks `code` once it is set; `null` or blank (no usable code) skips the request. */
export function useCheckClinicCode(code: string | null) {
  return useQuery({ ...checkClinicCodeQueryOptions(code ?? ''), enabled: Boolean(code?.trim()) });
}

/**
 * Checks a code now, for a form's submit: joins the field's own check when it is still running,
 * and answers from it once it is done, so one code is asked about once.
 */
export function useFetchClinicCodeCheck() {
  const queryClient = useQueryClient();
  return (code: string) => queryClient.fetchQuery(checkClinicCodeQueryOptions(code));
}
