import { z } from 'zod';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { ChatSessionSchema } from './chat-session';

export const ListChatSessionsQuerySchema = PageQuerySchema.extend({
  /** Part of the patient's (or, in support conversations, the staff member's) name. */
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
});
export type ListChatSessionsQuery = z.input<typeof ListChatSessionsQuerySchema>;

export const ChatSessionListSchema = PaginatedSchema(ChatSessionSchema);
export type ChatSessionList = z.infer<typeof ChatSessionListSchema>;

/**
 * The caller's conversations, newest activity first, 25 a page: those with the patients they
 * treat (the clinic's admin: every patient's), and, for the clinic's support contact, the staff's
 * support conversations. Each with the caller's unread count and its recency.
 */
export const listChatSessionsRoute = defineRoute({
  method: 'GET',
  path: '/chat/therapist',
  summary: "The caller's conversations",
  tags: ['chat'],
  querystring: ListChatSessionsQuerySchema,
  response: { 200: ChatSessionListSchema },
});
