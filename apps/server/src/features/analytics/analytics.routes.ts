import type { FastifyInstance } from 'fastify';
import {
  buttonClickRoute,
  priorityMonitoringButtonClickRoute,
} from '@homestretch/contract/analytics/button-click';
import { route } from '../../platform/route';
import { recordEvent } from './analytics.service';

export function registerAnalyticsRoutes(app: FastifyInstance): void {
  route(app, buttonClickRoute, 'analytics.record', ({ ctx, body }) =>
    recordEvent(ctx, {
      kind: 'button-click',
      buttonType: body.button_type,
      patientId: body.patient,
    }),
  );
  route(app, priorityMonitoringButtonClickRoute, 'analytics.record', ({ ctx, body }) =>
    recordEvent(ctx, { kind: 'priority-monitoring-button-click', buttonType: body.button_type }),
  );
}
