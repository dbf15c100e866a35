import { markChatReadRoute, type ChatReadState } from '@homestretch/contract/chat/mark-read';
import { apiCall } from '../../lib/api-client';

/** POST /chat/session/:sessionId/read {message}: read up to a message that arrived live. */
export function markChatRead(sessionId: number, messageId: number): Promise<ChatReadState> {
  return apiCall(markChatReadRoute, { params: { sessionId }, body: { message: messageId } });
}
