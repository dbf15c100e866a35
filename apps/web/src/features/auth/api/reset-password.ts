import {
  resetPasswordRoute,
  type ResetPasswordBody,
} from '@homestretch/contract/auth/reset-password';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/therapist/reset-password → {ok, message}; the same answer for every address. */
export function requestPasswordReset(body: ResetPasswordBody) {
  return apiCall(resetPasswordRoute, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
