import { z } from 'zod';
import { StaffRoleChoiceSchema } from '../common/enums';
import {
  ClinicCodeSchema,
  EmailSchema,
  NewPasswordSchema,
  PersonNameSchema,
} from '../common/fields';
import { defineRoute } from '../common/route';
import { UserEnvelopeSchema } from '../users/user';

export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  company_name: z.string().trim().max(200, 'Must be at most 200 characters').default(''),
  role: StaffRoleChoiceSchema,
  /** The clinic code, checked with GET /clinic/check_code. */
  code: ClinicCodeSchema,
});
export type SignUpBody = z.input<typeof SignUpBodySchema>;

export const signUpRoute = defineRoute({
  method: 'POST',
  path: '/clinic/therapist/signup',
  summary: 'Create a staff account in the clinic named by its code, and sign in',
  tags: ['auth'],
  body: SignUpBodySchema,
  response: { 201: UserEnvelopeSchema },
});
