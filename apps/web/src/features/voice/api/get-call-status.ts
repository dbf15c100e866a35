import {
  type VoiceCall,
  callStatusRoute,
  isLiveCall,
} from '@homestretch/contract/voice/call-status';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { voiceKeys } from '../../../lib/query-keys/voice-keys';

/** While a call is live its status is asked for every second; the server moves it on. */
export const CALL_POLL_MS = 1_000;

/** GET /user/voice/call/{id}/status */
export function getCallStatus(id: number, signal?: AbortSignal): Promise<VoiceCall> {
  return apiCall(callStatusRoute, { params: { callId: id }, signal });
}

export function callStatusQueryOptions(id: number) {
  return queryOptions({
    queryKey: voiceKeys.call(id),
    queryFn: ({ signal }) => getCallStatus(id, signal),
    refetchInterval: (query) =>
      query.state.data && !isLiveCall(query.state.data.status) ? false : CALL_POLL_MS,
    // A live call is followed even while the therapist reads another tab.
    refetchIntervalInBackground: true,
  });
}

/** The call's status, polled while it is live; nothing is asked without a call. */
export function useCallStatus(id: number | null) {
  return useQuery({ ...callStatusQueryOptions(id ?? 0), enabled: id !== null });
}
