import {
  cancelBillingNotificationRoute,
  cancelFeatureNotificationRoute,
} from '@homestretch/contract/users/cancel-notifications';
import type { User } from '@homestretch/contract/users/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys/auth-keys';

/** PATCH /user/therapist/cancel-billing-notification: the '1' badge of a new billing file. */
export function cancelBillingNotification(): Promise<User> {
  return apiCall(cancelBillingNotificationRoute);
}

/** PATCH /user/therapist/cancel-feature-notification: the 'New' badge of this release's feature. */
export function cancelFeatureNotification(): Promise<User> {
  return apiCall(cancelFeatureNotificationRoute);
}

/** Both answer the current user, flags updated: the badge goes as soon as the server agrees. */
function useCancel(mutationFn: () => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => queryClient.setQueryData(authKeys.currentUser(), user),
  });
}

export function useCancelBillingNotification() {
  return useCancel(cancelBillingNotification);
}

export function useCancelFeatureNotification() {
  return useCancel(cancelFeatureNotification);
}
