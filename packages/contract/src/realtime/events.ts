import type { ChatMessage } from '../chat/chat-session';
import type { SendChatMessageBody } from '../chat/send-message';
import type { ErrorResponse } from '../common/errors';

/** Socket.IO's path on the app's own origin (ARCHITECTURE.md "Real time"). */
export const REALTIME_PATH = '/socket.io';

/** spec §7: every signed-in user is in their own channel, `private-user-<userId>`. */
export function privateUserRoom(userId: number): string {
  return `private-user-${userId}`;
}

/** Someone in a conversation read it up to a message: read marks and unread counts follow. */
export interface MessageReadEvent {
  session: number;
  user_id: number;
  last_read_message_id: number;
}

/**
 * What the server sends. `new_message` carries the stored message with its id (spec §7), so a
 * client that receives it twice (a reconnect and a refetch) shows it once.
 */
export interface ServerToClientEvents {
  new_message: (message: ChatMessage) => void;
  message_read: (event: MessageReadEvent) => void;
}

/**
 * How the server acknowledges a client's event: the status and the body the same HTTP call would
 * answer, so a client treats both ways alike.
 */
export interface SocketAnswer<T> {
  status: number;
  body: T | ErrorResponse;
}

/**
 * What clients send (decision 023). `send_message` is POST /chat/message over the socket the
 * client already holds, with the same body, rules and answers (201 stored, 200 stored before under
 * that client_id, 4xx in the one error shape); it spares a busy clinic an HTTP request and a
 * session lookup per message. A client without a connected socket uses the HTTP call.
 */
export interface ClientToServerEvents {
  send_message: (
    body: SendChatMessageBody,
    ack: (answer: SocketAnswer<ChatMessage>) => void,
  ) => void;
}
