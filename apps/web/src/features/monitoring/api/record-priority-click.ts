import type { PriorityModalChoice } from '../stores/priority-machine';
import { priorityMonitoringButtonClickRoute } from '@homestretch/contract/analytics/button-click';
import { apiCall } from '../../../lib/api-client';

/**
 * POST /analytics/priority-monitoring-button-click {button_type} (spec §7). Errors are
 * swallowed: a lost analytics row must never stand between a therapist and the patient.
 */
export function recordPriorityClick(choice: PriorityModalChoice): void {
  apiCall(priorityMonitoringButtonClickRoute, { body: { button_type: choice } }).catch(
    () => undefined,
  );
}
