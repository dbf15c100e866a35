import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import { supportChatSessionRoute } from '@homestretch/contract/chat/support-session';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from '../../../shared/chat/chat-keys';

/**
 * GET /chat/support: the caller's conversation with the clinic's support contact, opened on
 * first ask. 404 (the clinic names no support contact) and 422 (the caller is that contact)
 * are answers, not failures: the list shows no support entry.
 */
export function getSupportSession(signal?: AbortSignal): Promise<ChatSession> {
  return apiCall(supportChatSessionRoute, { signal });
}

export function useSupportSession() {
  return useQuery({
    queryKey: chatKeys.support(),
    queryFn: ({ signal }) => getSupportSession(signal),
  });
}
