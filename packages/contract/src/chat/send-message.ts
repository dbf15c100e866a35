import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { CHAT_MESSAGE_MAX_LENGTH } from './chat-rules';
import { ChatMessageSchema } from './chat-session';

export const SendChatMessageBodySchema = z.object({
  session: IdSchema,
  message: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Write a message first')
    .max(CHAT_MESSAGE_MAX_LENGTH, `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  /**
   * The sender's own id for this message (a UUID the client makes): sending it again, after a
   * lost connection, answers the stored message instead of storing a second.
   */
  client_id: z
    .string()
    .trim()
    .min(8, 'client_id is 8 to 64 characters')
    .max(64, 'client_id is 8 to 64 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'client_id has letters, digits and dashes only')
    .optional(),
});
export type SendChatMessageBody = z.input<typeof SendChatMessageBodySchema>;

/**
 * Stores a message (plain text) and then emits it as `new_message` to everyone in the
 * conversation. 201 when stored; 200 with the stored message when its client_id was seen before.
 * More than CHAT_MESSAGES_PER_MINUTE a minute from one sender is a 429.
 */
export const sendChatMessageRoute = defineRoute({
  method: 'POST',
  path: '/chat/message',
  summary: 'Send a message',
  tags: ['chat'],
  body: SendChatMessageBodySchema,
  response: { 200: ChatMessageSchema, 201: ChatMessageSchema },
});
