import {
  sendOtpRoute,
  type SendOtpBody,
  type SendOtpResponse,
} from '@homestretch/contract/patient-signup/send-otp';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/patient/send-otp → the E.164 number texted; 429 with Retry-After when limited. */
export function sendOtp(body: SendOtpBody): Promise<SendOtpResponse> {
  return apiCall(sendOtpRoute, { body });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
