import { z } from 'zod';
import { defineRoute } from '../common/route';

export const ChatUnreadSchema = z.object({
  /**
   * Unread messages over the conversations the caller takes part in (the menu's badge): those of
   * the patients they treat, their own, their support conversations and any they have read or
   * written in. An admin sees every patient's conversation but counts only those they joined.
   */
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
