import {
  resetPasswordConfirmRoute,
  type ResetPasswordConfirmBody,
} from '@homestretch/contract/auth/reset-password';
import type { User } from '@homestretch/contract/users/user';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /clinic/therapist/reset-password-confirm {uid, token, password} → {user}. The server
 * ends every session of the account, so the user signs in again with the new password.
 */
export async function confirmPasswordReset(body: ResetPasswordConfirmBody): Promise<User> {
  const { user } = await apiCall(resetPasswordConfirmRoute, { body });
  return user;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
