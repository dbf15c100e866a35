import { type ChatMessage, ChatMessageSchema } from '@homestretch/contract/chat/chat-session';
import {
  sendChatMessageRoute,
  type SendChatMessageBody,
} from '@homestretch/contract/chat/send-message';
import type { SocketAnswer } from '@homestretch/contract/realtime/events';
import { ApiError, NETWORK_ERROR_MESSAGE, apiCall, errorFromPayload } from '../../lib/api-client';
import { sendOverSocket } from './realtime';

/**
 * Sends a message (decision 023): over the connected socket, or by POST /chat/message when there
 * is none. Either way the server stores it (201), or answers the one stored before under the same
 * client_id (200), so the outbox may send a message again after a lost connection.
 */
export function sendChatMessage(body: SendChatMessageBody): Promise<ChatMessage> {
  const overSocket = sendOverSocket(body);
  return overSocket
    ? overSocket.then(messageFromAnswer, (error: unknown) => {
        // No acknowledgement in time: as if the network dropped; the outbox sends it again.
        throw new ApiError({
          status: 0,
          code: 'network_error',
          message: NETWORK_ERROR_MESSAGE,
          cause: error,
        });
      })
    : apiCall(sendChatMessageRoute, { body });
}

/** The socket's acknowledgement read as the HTTP answer would be. */
export function messageFromAnswer(answer: SocketAnswer<ChatMessage>): ChatMessage {
  if (answer.status === 200 || answer.status === 201) {
    return ChatMessageSchema.parse(answer.body);
  }
  const retryAfter = (answer.body as { error?: { retry_after?: unknown } }).error?.retry_after;
  throw errorFromPayload(
    answer.status,
    answer.body,
    typeof retryAfter === 'number' ? retryAfter : null,
  );
}
