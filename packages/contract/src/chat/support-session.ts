import { defineRoute } from '../common/route';
import { ChatSessionSchema } from './chat-session';

/**
 * The caller's conversation with the clinic's support contact (support_user_id of
 * /user/settings-info), opened on first ask with the clinic's initial_note as its first message.
 * 404 when the clinic names no support contact; 422 for the support contact themselves.
 */
export const supportChatSessionRoute = defineRoute({
  method: 'GET',
  path: '/chat/support',
  summary: "The caller's conversation with the clinic's support contact",
  tags: ['chat'],
  response: { 200: ChatSessionSchema },
});
