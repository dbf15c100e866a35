import {
  verifyOtpRoute,
  type VerifyOtpBody,
  type VerifyOtpResponse,
} from '@homestretch/contract/patient-signup/verify-otp';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/patient/verify-otp; a refused code is a 400 naming `otp` (with tries left). */
export function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpResponse> {
  return apiCall(verifyOtpRoute, { body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
