import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import { patientChatSessionRoute } from '@homestretch/contract/chat/patient-chat';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { chatKeys } from '../../lib/chat/chat-keys';

/** GET /app-api/chat: the signed-in patient's conversation with their clinic. */
export function getMyChatSession(signal?: AbortSignal): Promise<ChatSession> {
  return apiCall(patientChatSessionRoute, { signal });
}

export function useMyChatSession() {
  return useQuery({
    queryKey: chatKeys.mine(),
    queryFn: ({ signal }) => getMyChatSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
