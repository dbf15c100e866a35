import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import {
  sendChatMessageRoute,
  type SendChatMessageBody,
} from '@homestretch/contract/chat/send-message';
import { apiCall } from '../api-client';

/**
 * POST /chat/message: stores the message (201), or answers the one stored before under the same
 * client_id (200), so the outbox may send a message again after a lost connection.
 */
export function sendChatMessage(body: SendChatMessageBody): Promise<ChatMessage> {
  return apiCall(sendChatMessageRoute, { body });
}
