import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { VoiceCallSchema } from './call-status';

export const StartCallBodySchema = z.strictObject({ patient_id: IdSchema });
export type StartCallBody = z.input<typeof StartCallBodySchema>;

/**
 * Calls the patient's phone. A call answered and ended is logged on the patient's interaction log
 * with its duration: the RTM live call of the month (domain/rtm.md). One live call per caller
 * (409); a patient without a phone is a 422.
 */
export const startCallRoute = defineRoute({
  method: 'POST',
  path: '/user/voice/call',
  summary: 'Call a patient',
  tags: ['voice'],
  body: StartCallBodySchema,
  response: { 201: VoiceCallSchema },
});
