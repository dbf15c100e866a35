import {
  type ReferralSent,
  type SendReferralBody,
  sendReferralRoute,
} from '@homestretch/contract/referral/send-referral';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/referral/send-email {email, action_url, first_name, last_name} (spec §7). */
export function sendReferral(body: SendReferralBody): Promise<ReferralSent> {
  return apiCall(sendReferralRoute, { body });
}

export function useSendReferral() {
  return useMutation({ mutationFn: sendReferral });
}
