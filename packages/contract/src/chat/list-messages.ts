import { z } from 'zod';
import { IdParamSchema, QueryBooleanSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { ChatMessageSchema, ChatSessionSchema } from './chat-session';

export const ListChatMessagesQuerySchema = z.object({
  session: IdParamSchema,
  /** A message id: the page of messages before it (older history). Omitted: the newest page. */
  before: IdParamSchema.optional(),
  /** A message id: only the messages after it (what a reconnecting client missed). */
  after: IdParamSchema.optional(),
  /**
   * `false`: the page is not marked read by the caller. A tab opened in the background fetches
   * its thread nobody has seen yet (issue 30, item 11); it marks what it shows once shown.
   * Omitted: what the page answers is read, as it always was.
   */
  mark_read: QueryBooleanSchema.optional(),
});
export type ListChatMessagesQuery = z.input<typeof ListChatMessagesQuerySchema>;

export const ChatMessagePageSchema = z.object({
  /** Oldest first, at most CHAT_HISTORY_PAGE_SIZE. */
  results: z.array(ChatMessageSchema),
  /** Every message of the conversation. */
  count: z.number().int().nonnegative(),
  /**
   * More remain: older ones before the first of `results`, or with `after`, newer ones after the
   * last (ask again from it).
   */
  has_more: z.boolean(),
  /**
   * The last message the other side has read (the patient, or for a patient any of the clinic's
   * people): the caller's own messages up to it show as read.
   */
  read_up_to: z.number().int().nullable(),
  session: ChatSessionSchema,
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

/**
 * A conversation's history, paged by message id. Reading it marks what it returns as read by the
 * caller (a `message_read` event tells the other side) and is audited like a record read.
 */
export const listChatMessagesRoute = defineRoute({
  method: 'GET',
  path: '/chat/message',
  summary: "A conversation's messages",
  tags: ['chat'],
  querystring: ListChatMessagesQuerySchema,
  response: { 200: ChatMessagePageSchema },
});
