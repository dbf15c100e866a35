import type { FastifyInstance } from 'fastify';
import {
  cancelBillingNotificationRoute,
  cancelFeatureNotificationRoute,
} from '@homestretch/contract/users/cancel-notifications';
import { listUsersRoute } from '@homestretch/contract/users/list-users';
import { settingsInfoRoute } from '@homestretch/contract/users/settings-info';
import { route } from '../../platform/route';
import { cancelNotification, listUsers, settingsInfo } from './users.service';

export function registerUserRoutes(app: FastifyInstance): void {
  route(app, listUsersRoute, 'self.read', async ({ ctx }) => listUsers(ctx));
  route(app, settingsInfoRoute, 'self.read', async ({ ctx }) => settingsInfo(ctx));
  route(app, cancelFeatureNotificationRoute, 'self.update', async ({ ctx }) =>
    cancelNotification(ctx, 'feature'),
  );
  route(app, cancelBillingNotificationRoute, 'self.update', async ({ ctx }) =>
    cancelNotification(ctx, 'billing'),
  );
}
