import { IdParamsSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { VoiceCallSchema } from './call-status';

/** Hangs up the caller's own call; a call already over is answered as it ended. */
export const endCallRoute = defineRoute({
  method: 'POST',
  path: '/user/voice/call/:id/end',
  summary: 'Hang up a call',
  tags: ['voice'],
  params: IdParamsSchema,
  response: { 200: VoiceCallSchema },
});
