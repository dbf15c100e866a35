import type { FastifyInstance } from 'fastify';
import { callStatusRoute } from '@homestretch/contract/voice/call-status';
import { endCallRoute } from '@homestretch/contract/voice/end-call';
import { listCallsRoute } from '@homestretch/contract/voice/list-calls';
import { startCallRoute } from '@homestretch/contract/voice/start-call';
import { route } from '../../platform/route';
import { callStatus, endCall, listRecentCalls, startCall } from './voice.service';

export function registerVoiceRoutes(app: FastifyInstance): void {
  route(app, startCallRoute, 'voice.call', ({ ctx, body }) => startCall(ctx, body));
  route(app, callStatusRoute, 'voice.call', ({ ctx, params }) => callStatus(ctx, params.callId));
  route(app, endCallRoute, 'voice.call', ({ ctx, params }) => endCall(ctx, params.callId));
  route(app, listCallsRoute, 'voice.call', ({ ctx, query }) => listRecentCalls(ctx, query));
}
