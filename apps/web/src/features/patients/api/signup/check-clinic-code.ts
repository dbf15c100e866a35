import { checkCodeRoute, type CheckCodeResponse } from '@homestretch/contract/clinics/clinic';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { patientKeys } from '../patient-keys';

/** GET /clinic/check_code?code → {valid, clinic_name}: the clinic a QR sign-up joins. */
export function checkClinicCode(code: string, signal?: AbortSignal): Promise<CheckCodeResponse> {
  return apiCall(checkCodeRoute, { query: { code }, signal });
}

export function checkClinicCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...patientKeys.all, 'signup-clinic', code] as const,
    queryFn: ({ signal }) => checkClinicCode(code, signal),
    // A clinic's code does not change while a patient signs up; one check per visit is enough.
    staleTime: Infinity,
    // An unknown code is an answer, not a failure; only a failed request is worth one more try.
    retry: 1,
  });
}

/** Checks the code from the QR link; `null` (no usable code) skips the request. */
export function useCheckClinicCode(code: string | null) {
  return useQuery({ ...checkClinicCodeQueryOptions(code ?? ''), enabled: code !== null });
}
