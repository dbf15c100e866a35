import { z } from 'zod';
import { StaffRoleChoiceSchema } from '../common/enums';
import {
  ClinicCodeSchema,
  EmailSchema,
  emailedLinkFields,
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

/** How long the confirmation link of a sign-up works. */
export const SIGN_UP_LINK_TTL_HOURS = 24;

export const SignUpRequestedSchema = z.object({ ok: z.literal(true), message: z.string() });
export type SignUpRequested = z.infer<typeof SignUpRequestedSchema>;

/**
 * Answers the same 202 whether or not the address has an account, so sign-up cannot tell which
 * addresses do: a new address is mailed a link that creates the account
 * (POST /clinic/therapist/signup/confirm); an address with an account is mailed a note saying
 * so, with links to sign in and to reset the password. A clinic code no clinic has is a 400
 * naming `code` (codes are public: GET /clinic/check_code). Rate-limited per address and per IP.
 */
export const signUpRoute = defineRoute({
  method: 'POST',
  path: '/clinic/therapist/signup',
  summary: 'Ask for a staff account in the clinic named by its code (confirmed by e-mail)',
  tags: ['auth'],
  body: SignUpBodySchema,
  response: { 202: SignUpRequestedSchema },
});

const confirmationLink = emailedLinkFields('confirmation link');

export const ConfirmSignUpBodySchema = z.strictObject({
  /** The sign-up's id, as text from the link's query string. */
  signup: confirmationLink.id,
  token: confirmationLink.token,
});
export type ConfirmSignUpBody = z.input<typeof ConfirmSignUpBodySchema>;

/**
 * Opens the link of a sign-up: creates the staff account (waiting for the administrator's
 * approval, docs/decisions/007) and signs it in. Works once, for SIGN_UP_LINK_TTL_HOURS; a used
 * or expired link is a 400 naming `token`; an address that got an account meanwhile is a 409.
 */
export const confirmSignUpRoute = defineRoute({
  method: 'POST',
  path: '/clinic/therapist/signup/confirm',
  summary: 'Confirm a staff sign-up from its e-mailed link, and sign in',
  tags: ['auth'],
  body: ConfirmSignUpBodySchema,
  response: { 201: UserEnvelopeSchema },
});
