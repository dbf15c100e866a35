import { chatUnreadRoute, type ChatUnread } from '@homestretch/contract/chat/unread-count';
import { apiCall } from '../../lib/api-client';

/**
 * GET /chat/unread: unread messages over all the caller's conversations (the staff menu's badge,
 * the patient app's way to the chat). A count, not a read of messages: it writes no audit row.
 */
export function getChatUnread(signal?: AbortSignal): Promise<ChatUnread> {
  return apiCall(chatUnreadRoute, { signal });
}
