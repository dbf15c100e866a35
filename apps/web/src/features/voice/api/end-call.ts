import type { VoiceCall } from '@homestretch/contract/voice/call-status';
import { endCallRoute } from '@homestretch/contract/voice/end-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { voiceKeys } from '../../../lib/query-keys/voice-keys';

/** POST /user/voice/call/{id}/end: hangs up; answers the call as it ended. */
export function endCall(id: number): Promise<VoiceCall> {
  return apiCall(endCallRoute, { params: { callId: id } });
}

export function useEndCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endCall,
    onSuccess: (call) => {
      queryClient.setQueryData(voiceKeys.call(call.id), call);
      void queryClient.invalidateQueries({ queryKey: [...voiceKeys.all, 'recent'] });
    },
  });
}
