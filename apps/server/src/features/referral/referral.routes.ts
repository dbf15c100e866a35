import type { FastifyInstance } from 'fastify';
import { sendReferralRoute } from '@homestretch/contract/referral/send-referral';
import { route } from '../../platform/route';
import { sendReferral } from './referral.service';

export function registerReferralRoutes(app: FastifyInstance): void {
  route(app, sendReferralRoute, 'referral.send', ({ ctx, body }) => sendReferral(ctx, body));
}
