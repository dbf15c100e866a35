import { z } from 'zod';
import { defineRoute } from '../common/route';

export const ChatUnreadSchema = z.object({
  /** Unread messages over all the caller's conversations (the menu's badge). */
  unread_message_count: z.number().int().nonnegative(),
});
export type ChatUnread = z.infer<typeof ChatUnreadSchema>;

export const chatUnreadRoute = defineRoute({
  method: 'GET',
  path: '/chat/unread',
  summary: "The caller's unread messages over all conversations",
  tags: ['chat'],
  response: { 200: ChatUnreadSchema },
});
