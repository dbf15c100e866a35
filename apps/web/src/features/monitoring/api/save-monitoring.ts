import {
  saveMonitoringRoute,
  type SavedMonitoring,
} from '@homestretch/contract/monitoring/save-monitoring';
import { apiCall, isApiError } from '../../../lib/api-client';

/**
 * PUT /user/therapist/dashboard/monitoring/{id} {seconds, final} (spec §7). `seconds` is the
 * session's cumulative count, so a retried or repeated save never counts twice. Sent with
 * keepalive: the final save made as the tab is hidden or closed must reach the server after the
 * page is gone.
 */
export async function saveMonitoring(
  id: number,
  seconds: number,
  final: boolean,
): Promise<SavedMonitoring> {
  return apiCall(saveMonitoringRoute, {
    params: { monitoringId: id },
    body: { seconds, final },
    keepalive: true,
  });
}

/** 409: the server closed the session already (a newer start, the sweeper, an earlier final save). */
export function isSessionClosed(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
