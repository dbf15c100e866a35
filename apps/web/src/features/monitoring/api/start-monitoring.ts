import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import { startMonitoringRoute } from '@homestretch/contract/monitoring/start-monitoring';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /user/therapist/monitoring {user_id, context} → {id} (spec §7): opens a session on the
 * patient; the server closes the caller's open one first.
 */
export async function startMonitoring(
  patientId: number,
  context: MonitoringContext,
): Promise<number> {
  const { id } = await apiCall(startMonitoringRoute, { body: { user_id: patientId, context } });
  return id;
}
