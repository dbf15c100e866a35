import { useQuery } from '@tanstack/react-query';
import { chatKeys } from '../../../shared/chat/chat-keys';
import { getChatUnread } from '../../../shared/chat/get-chat-unread';

/** Kept fresh by the real-time events (use-chat-live.ts), not by polling. */
export function useChatUnread(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: ({ signal }) => getChatUnread(signal),
    enabled,
    retry: false,
  });
}
