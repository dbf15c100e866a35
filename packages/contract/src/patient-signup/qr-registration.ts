import { z } from 'zod';
import {
  ClinicCodeSchema,
  EmailSchema,
  NewPasswordSchema,
  PersonNameSchema,
} from '../common/fields';
import { PhoneSchema } from '../common/phone';
import { defineRoute } from '../common/route';
import { UserSchema } from '../users/user';
import { BirthdaySchema, GenderSchema, PatientSchema } from '../patients/patient';

export const QrRegistrationBodySchema = z.strictObject({
  /** From the clinic's QR code. */
  clinic_code: ClinicCodeSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  /** Must have been verified with send-otp / verify-otp in the last 30 minutes. */
  phone: PhoneSchema,
  gender: GenderSchema.optional(),
  birthday: BirthdaySchema.optional(),
});
export type QrRegistrationBody = z.input<typeof QrRegistrationBodySchema>;

export const QrRegistrationResponseSchema = z.object({ user: UserSchema, patient: PatientSchema });
export type QrRegistrationResponse = z.infer<typeof QrRegistrationResponseSchema>;

/**
 * Patient self sign-up from the clinic's QR code, after the phone was verified. Creates the app
 * login (role patient), joins the clinic's record for that phone if staff registered one, and
 * signs in (session cookie).
 */
export const qrRegistrationRoute = defineRoute({
  method: 'POST',
  path: '/clinic/patient/qr-registration',
  summary: 'Patient self sign-up with the clinic code (after phone verification)',
  tags: ['patients'],
  body: QrRegistrationBodySchema,
  response: { 201: QrRegistrationResponseSchema },
});
