import type { FastifyInstance } from 'fastify';
import {
  buttonClickRoute,
  priorityMonitoringButtonClickRoute,
} from '@homestretch/contract/analytics/button-click';
import {
  hepSendEventRoute,
  videoRecommendationInteractionRoute,
} from '@homestretch/contract/analytics/hep-events';
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
  route(app, videoRecommendationInteractionRoute, 'analytics.record', ({ ctx, body }) =>
    recordEvent(ctx, {
      kind: 'video-recommendation-interaction',
      patientId: body.patient,
      videoIds: [body.video],
      payload: body,
    }),
  );
  route(app, hepSendEventRoute, 'analytics.record', ({ ctx, body }) =>
    recordEvent(ctx, {
      kind: 'hep-send-event',
      patientId: body.patient,
      videoIds: [...body.recommended_videos, ...body.sent_videos],
      payload: body,
    }),
  );
}
