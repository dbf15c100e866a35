import type { FastifyInstance } from 'fastify';
import { listChatMessagesRoute } from '@homestretch/contract/chat/list-messages';
import { listChatSessionsRoute } from '@homestretch/contract/chat/list-sessions';
import { markChatReadRoute } from '@homestretch/contract/chat/mark-read';
import { openChatSessionRoute } from '@homestretch/contract/chat/open-session';
import { patientChatSessionRoute } from '@homestretch/contract/chat/patient-chat';
import { sendChatMessageRoute } from '@homestretch/contract/chat/send-message';
import { supportChatSessionRoute } from '@homestretch/contract/chat/support-session';
import { chatUnreadRoute } from '@homestretch/contract/chat/unread-count';
import type { SendChatMessageBody } from '@homestretch/contract/chat/send-message';
import type { AuthedCtx } from '../../platform/context';
import { type SocketAnswerOf, route, socketRoute } from '../../platform/route';
import {
  conversationMessages,
  listConversations,
  markConversationRead,
  openPatientConversation,
  ownConversation,
  sendMessage,
  supportConversation,
  unreadCount,
} from './chat.service';

/** 201 when stored, 200 when its client_id was stored before: over HTTP and over the socket. */
async function send(
  ctx: AuthedCtx,
  body: SendChatMessageBody,
): Promise<SocketAnswerOf<typeof sendChatMessageRoute>> {
  const { message, created } = await sendMessage(ctx, body);
  return { status: created ? 201 : 200, body: message };
}

export function registerChatRoutes(app: FastifyInstance): void {
  route(app, listChatSessionsRoute, 'chat.use', ({ ctx, query }) => listConversations(ctx, query));
  route(app, chatUnreadRoute, 'chat.use', ({ ctx }) => unreadCount(ctx));
  route(app, supportChatSessionRoute, 'chat.support', ({ ctx }) => supportConversation(ctx));
  route(app, patientChatSessionRoute, 'patient_app.self', ({ ctx }) => ownConversation(ctx));
  route(app, openChatSessionRoute, 'chat.open', async ({ ctx, body, reply }) => {
    const { session, created } = await openPatientConversation(ctx, body.patient);
    void reply.status(created ? 201 : 200);
    return session;
  });
  route(app, listChatMessagesRoute, 'chat.use', ({ ctx, query }) =>
    conversationMessages(ctx, query),
  );
  route(app, sendChatMessageRoute, 'chat.use', async ({ ctx, body, reply }) => {
    const answer = await send(ctx, body);
    void reply.status(answer.status);
    return answer.body;
  });
  socketRoute(app, 'send_message', sendChatMessageRoute, 'chat.use', ({ ctx, body }) =>
    send(ctx, body),
  );
  route(app, markChatReadRoute, 'chat.use', ({ ctx, params, body }) =>
    markConversationRead(ctx, params.sessionId, body.message),
  );
}
