import {
  type InteractionLog,
  type LogInteractionBody,
  logInteractionRoute,
} from '@homestretch/contract/patients/interaction-log';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { patientKeys } from '../../../lib/query-keys/patient-keys';
import { apiCall } from '../../../lib/api-client';
import { healthKeys } from '../../../lib/query-keys/health-keys';

export type NewInteraction = LogInteractionBody['log'];

/** POST /api/v1/patients/{id}/log_interaction/ {log}. */
export async function logInteraction(id: number, log: NewInteraction): Promise<InteractionLog> {
  return apiCall(logInteractionRoute, { params: { id }, body: { log } });
}

export function useLogInteraction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (log: NewInteraction) => logInteraction(id, log),
    onSuccess: () => invalidateAfterInteractionChange(queryClient, id),
  });
}

/**
 * A logged call changes the log, the week's report (interactions, "has a live call") and the
 * call-due banner (domain/rtm.md: a month needs a live call).
 */
export async function invalidateAfterInteractionChange(
  queryClient: QueryClient,
  id: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: patientKeys.interactionLists(id) }),
    queryClient.invalidateQueries({ queryKey: healthKeys.reports(id) }),
    queryClient.invalidateQueries({ queryKey: healthKeys.banners(id) }),
  ]);
}
