import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { ChatSessionSchema } from './chat-session';

export const OpenChatSessionBodySchema = z.object({ patient: IdSchema });
export type OpenChatSessionBody = z.infer<typeof OpenChatSessionBodySchema>;

/**
 * The conversation with a patient: one per patient and clinic, so asking again answers the same
 * one (200; 201 when it is new). Those who treat the patient, and the clinic's admin, may open it.
 */
export const openChatSessionRoute = defineRoute({
  method: 'POST',
  path: '/chat/session',
  summary: 'Open (or find) the conversation with a patient',
  tags: ['chat'],
  body: OpenChatSessionBodySchema,
  response: { 200: ChatSessionSchema, 201: ChatSessionSchema },
});
