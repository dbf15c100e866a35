import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';

/** `sessionId`, not `id`: a refused request's `:id` is audited as a patient's (platform/route.ts). */
export const ChatSessionParamsSchema = z.object({ sessionId: IdParamSchema });

export const MarkChatReadBodySchema = z.object({ message: IdSchema });
export type MarkChatReadBody = z.infer<typeof MarkChatReadBodySchema>;

export const ChatReadStateSchema = z.object({
  session: z.number().int(),
  last_read_message_id: z.number().int().nullable(),
  unread_message_count: z.number().int().nonnegative(),
});
export type ChatReadState = z.infer<typeof ChatReadStateSchema>;

/**
 * The caller has read the conversation up to `message` (a thread open while messages arrive).
 * The mark only moves forward; a message of another conversation is a 404.
 */
export const markChatReadRoute = defineRoute({
  method: 'POST',
  path: '/chat/session/:sessionId/read',
  summary: 'Mark a conversation read up to a message',
  tags: ['chat'],
  params: ChatSessionParamsSchema,
  body: MarkChatReadBodySchema,
  response: { 200: ChatReadStateSchema },
});
