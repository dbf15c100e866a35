import { z } from 'zod';
import { OTP_LENGTH } from '../common/constants';
import { PhoneSchema } from '../common/phone';
import { defineRoute } from '../common/route';

export const OtpSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The code has ${OTP_LENGTH} digits`);

export const VerifyOtpBodySchema = z.strictObject({ phone: PhoneSchema, otp: OtpSchema });
export type VerifyOtpBody = z.input<typeof VerifyOtpBodySchema>;

export const VerifyOtpResponseSchema = z.object({
  verified: z.literal(true),
  phone: z.string(),
  /** The QR sign-up must be sent before this instant. */
  valid_until: z.string(),
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponseSchema>;

/**
 * Checks the texted code. Wrong: 400 on `otp` with the tries left; five wrong tries, or ten
 * minutes, and the code is dead (ask for a new one).
 */
export const verifyOtpRoute = defineRoute({
  method: 'POST',
  path: '/clinic/patient/verify-otp',
  summary: 'Check the texted verification code',
  tags: ['patients'],
  body: VerifyOtpBodySchema,
  response: { 200: VerifyOtpResponseSchema },
});
