import { chatUnreadRoute, type ChatUnread } from '@homestretch/contract/chat/unread-count';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from '../../../lib/chat/chat-keys';

/** GET /chat/unread: unread messages over all the caller's conversations (the menu's badge). */
export function getChatUnread(signal?: AbortSignal): Promise<ChatUnread> {
  return apiCall(chatUnreadRoute, { signal });
}

/** Kept fresh by the real-time events (use-chat-live.ts), not by polling. */
export function useChatUnread(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: ({ signal }) => getChatUnread(signal),
    enabled,
    retry: false,
  });
}
