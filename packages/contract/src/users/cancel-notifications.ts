import { defineRoute } from '../common/route';
import { UserSchema } from './user';

export const cancelFeatureNotificationRoute = defineRoute({
  method: 'PATCH',
  path: '/user/therapist/cancel-feature-notification',
  summary: 'Dismiss the new-feature notification for the current user',
  tags: ['users'],
  response: { 200: UserSchema },
});

export const cancelBillingNotificationRoute = defineRoute({
  method: 'PATCH',
  path: '/user/therapist/cancel-billing-notification',
  summary: 'Clear the new-billing-file badge for the current user',
  tags: ['users'],
  response: { 200: UserSchema },
});
