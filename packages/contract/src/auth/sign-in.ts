import { z } from 'zod';
import { EmailSchema, PasswordSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { UserEnvelopeSchema } from '../users/user';

export const SignInBodySchema = z.strictObject({ email: EmailSchema, password: PasswordSchema });
export type SignInBody = z.input<typeof SignInBodySchema>;

/** Staff (and patient-app) sign-in; sets the httpOnly session cookie. */
export const signInRoute = defineRoute({
  method: 'POST',
  path: '/clinic/therapist/signin',
  summary: 'Sign in with email and password',
  tags: ['auth'],
  body: SignInBodySchema,
  response: { 200: UserEnvelopeSchema },
});
