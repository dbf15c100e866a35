import type { VoiceCall } from '@homestretch/contract/voice/call-status';
import { startCallRoute } from '@homestretch/contract/voice/start-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { voiceKeys } from '../../../lib/query-keys/voice-keys';

/** POST /user/voice/call {patient_id}: the call, queued. */
export function startCall(patientId: number): Promise<VoiceCall> {
  return apiCall(startCallRoute, { body: { patient_id: patientId } });
}

export function useStartCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCall,
    onSuccess: (call) => {
      queryClient.setQueryData(voiceKeys.call(call.id), call);
      void queryClient.invalidateQueries({ queryKey: [...voiceKeys.all, 'recent'] });
    },
  });
}
