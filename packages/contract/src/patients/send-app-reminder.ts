import { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema } from './patient';

export const SendAppReminderBodySchema = z
  .strictObject({
    /** Default: SMS when the patient has a phone, e-mail otherwise. */
    channel: z.enum(['sms', 'email'], { error: 'Channel is sms or email' }).optional(),
  })
  .nullish();
export type SendAppReminderBody = z.input<typeof SendAppReminderBodySchema>;

export const SendAppReminderResponseSchema = z.object({
  ok: z.literal(true),
  channel: z.enum(['sms', 'email']),
  sent_at: z.string(),
});
export type SendAppReminderResponse = z.infer<typeof SendAppReminderResponseSchema>;

/**
 * Texts or e-mails the patient the link to the app (the sign-up link when they have no login yet).
 * One per patient per 24 hours: sooner answers 429 with Retry-After.
 */
export const sendAppReminderRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/patients/:id/send_app_reminder/',
  summary: 'Send the patient a reminder with the app link',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: SendAppReminderBodySchema,
  response: { 200: SendAppReminderResponseSchema },
});
