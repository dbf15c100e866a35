import {
  sendAppReminderRoute,
  type SendAppReminderResponse,
} from '@homestretch/contract/patients/send-app-reminder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/**
 * POST /api/v1/patients/{id}/send_app_reminder/: texts or e-mails the app link. The server sends
 * one per patient per 24 hours and answers 429 with Retry-After sooner.
 */
export function sendAppReminder(patientId: number): Promise<SendAppReminderResponse> {
  return apiCall(sendAppReminderRoute, { params: { id: patientId }, body: {} });
}

export function useSendAppReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAppReminder,
    onSuccess: async (_answer, patientId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: patientKeys.record(patientId) }),
      ]);
    },
  });
}
