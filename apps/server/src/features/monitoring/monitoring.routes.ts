import type { FastifyInstance } from 'fastify';
import { monitoringMonthRoute } from '@homestretch/contract/monitoring/monitoring-month';
import { patientMonitoringRoute } from '@homestretch/contract/monitoring/patient-monitoring';
import { priorityListRoute } from '@homestretch/contract/monitoring/priority-list';
import { saveMonitoringRoute } from '@homestretch/contract/monitoring/save-monitoring';
import { startMonitoringRoute } from '@homestretch/contract/monitoring/start-monitoring';
import { route } from '../../platform/route';
import {
  monitoringMonth,
  patientMonitoring,
  priorityList,
  saveMonitoring,
  startMonitoring,
} from './monitoring.service';

export function registerMonitoringRoutes(app: FastifyInstance): void {
  route(app, startMonitoringRoute, 'monitoring.record', ({ ctx, body }) =>
    startMonitoring(ctx, body),
  );
  route(app, saveMonitoringRoute, 'monitoring.record', ({ ctx, params, body }) =>
    saveMonitoring(ctx, params.monitoringId, body ?? { final: true }),
  );
  route(app, priorityListRoute, 'monitoring.record', ({ ctx }) => priorityList(ctx));
  route(app, monitoringMonthRoute, 'monitoring.record', ({ ctx, query }) =>
    monitoringMonth(ctx, query.month),
  );
  route(app, patientMonitoringRoute, 'patients.record', ({ ctx, params, query }) =>
    patientMonitoring(ctx, params.id, query.month),
  );
}
