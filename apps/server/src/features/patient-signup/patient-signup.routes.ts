import type { FastifyInstance } from 'fastify';
import { qrRegistrationRoute } from '@homestretch/contract/patient-signup/qr-registration';
import { sendOtpRoute } from '@homestretch/contract/patient-signup/send-otp';
import { verifyOtpRoute } from '@homestretch/contract/patient-signup/verify-otp';
import { route } from '../../platform/route';
import { setSignInCookies } from '../../platform/session-cookie';
import { registerBySelf, sendOtp, verifyOtp } from './patient-signup.service';

/** QR self sign-up (spec §1, §7): public doors, each rate-limited in the service. */
export function registerPatientSignupRoutes(app: FastifyInstance): void {
  route(app, sendOtpRoute, 'public', ({ ctx, body }) => sendOtp(ctx, body.phone));
  route(app, verifyOtpRoute, 'public', ({ ctx, body }) => verifyOtp(ctx, body));
  route(app, qrRegistrationRoute, 'public', async ({ ctx, body, reply }) => {
    const { session, body: answer } = await registerBySelf(ctx, body);
    setSignInCookies(reply, ctx.config, session);
    return answer;
  });
}
