import { deleteInteractionRoute } from '@homestretch/contract/patients/interaction-log';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { invalidateAfterInteractionChange } from './log-interaction';

/** POST /api/v1/patients/{id}/log_interaction/delete/ {log: {log_id}}. */
export async function deleteInteraction(id: number, logId: number): Promise<void> {
  await apiCall(deleteInteractionRoute, { params: { id }, body: { log: { log_id: logId } } });
}

export function useDeleteInteraction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logId: number) => deleteInteraction(id, logId),
    onSuccess: () => invalidateAfterInteractionChange(queryClient, id),
  });
}
