import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, emailedLinkFields } from '../common/fields';
import { defineRoute } from '../common/route';
import { UserEnvelopeSchema } from '../users/user';

export const ResetPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

export const ResetPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

/** Same answer whether or not the address has an account (no account enumeration). */
export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: '/clinic/therapist/reset-password',
  summary: 'E-mail a password reset link',
  tags: ['auth'],
  body: ResetPasswordBodySchema,
  response: { 200: ResetPasswordResponseSchema },
});

const resetLink = emailedLinkFields('reset link');

export const ResetPasswordConfirmBodySchema = z.strictObject({
  /** The user id, as text from the link's query string. */
  uid: resetLink.id,
  token: resetLink.token,
  password: NewPasswordSchema,
});
export type ResetPasswordConfirmBody = z.input<typeof ResetPasswordConfirmBodySchema>;

export const ResetLinkQuerySchema = z.object({ uid: resetLink.id, token: resetLink.token });
export type ResetLinkQuery = z.input<typeof ResetLinkQuerySchema>;

export const ResetLinkStatusSchema = z.object({ valid: z.boolean() });
export type ResetLinkStatus = z.infer<typeof ResetLinkStatusSchema>;

/**
 * Whether a reset link would still set a password, without using it: the page says a used or
 * expired link is so as it opens, before a new password is typed twice for nothing. Answers only
 * `valid` (a wrong uid, a wrong token, a used or expired one all read `false`), so it tells no
 * more than the confirmation would. Rate-limited per IP.
 */
export const checkResetLinkRoute = defineRoute({
  method: 'GET',
  path: '/clinic/therapist/reset-password-check',
  summary: 'Check a password reset link without using it',
  tags: ['auth'],
  querystring: ResetLinkQuerySchema,
  response: { 200: ResetLinkStatusSchema },
});

/** Single-use, expires after an hour; answers the user (spec §7) and ends their other sessions. */
export const resetPasswordConfirmRoute = defineRoute({
  method: 'POST',
  path: '/clinic/therapist/reset-password-confirm',
  summary: 'Set a new password with the token from the reset e-mail',
  tags: ['auth'],
  body: ResetPasswordConfirmBodySchema,
  response: { 200: UserEnvelopeSchema },
});

/** The reset link lasts an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
