import { defineRoute } from '../common/route';
import { ChatSessionSchema } from './chat-session';

/**
 * The patient app's conversation with the clinic: the same one staff reach with
 * POST /chat/session, opened on first ask. Its messages are GET and POST /chat/message.
 */
export const patientChatSessionRoute = defineRoute({
  method: 'GET',
  path: '/app-api/chat',
  summary: "The signed-in patient's conversation with the clinic",
  tags: ['patient-app', 'chat'],
  response: { 200: ChatSessionSchema },
});
