import { z } from 'zod';
import { PhoneSchema } from '../common/phone';
import { defineRoute } from '../common/route';

export const SendOtpBodySchema = z.strictObject({ phone: PhoneSchema });
export type SendOtpBody = z.input<typeof SendOtpBodySchema>;

export const SendOtpResponseSchema = z.object({
  ok: z.literal(true),
  /** The number the code was texted to, in E.164. */
  phone: z.string(),
  expires_in_seconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof SendOtpResponseSchema>;

/**
 * Texts a 6-digit code for QR self sign-up. A new code replaces any earlier one; limited per
 * phone and per IP (429 with Retry-After).
 */
export const sendOtpRoute = defineRoute({
  method: 'POST',
  path: '/clinic/patient/send-otp',
  summary: 'Text a verification code to a phone (QR sign-up)',
  tags: ['patients'],
  body: SendOtpBodySchema,
  response: { 200: SendOtpResponseSchema },
});
