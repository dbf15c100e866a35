import type { ChatMessage } from '../chat/chat-session';

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

/** Clients send nothing over the socket: every write is an HTTP call, stored before it is told. */
export type ClientToServerEvents = Record<string, never>;
