import { defineRoute } from '../common/route';
import { CallIdParamsSchema, VoiceCallSchema } from './call-status';

/** Hangs up the caller's own call; a call already over is answered as it ended. */
export const endCallRoute = defineRoute({
  method: 'POST',
  path: '/user/voice/call/:callId/end',
  summary: 'Hang up a call',
  tags: ['voice'],
  params: CallIdParamsSchema,
  response: { 200: VoiceCallSchema },
});
