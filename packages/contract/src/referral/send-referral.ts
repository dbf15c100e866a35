import { z } from 'zod';
import { EmailSchema, PersonNameSchema } from '../common/fields';
import { defineRoute } from '../common/route';

/** Longer than any link the web app builds, short enough that a body cannot be used to burn CPU. */
export const ACTION_URL_MAX_LENGTH = 2000;

export const SendReferralBodySchema = z.strictObject({
  /** The colleague's address. */
  email: EmailSchema,
  /**
   * The staff sign-up page the e-mail's button opens, on one of this app's own origins (422
   * otherwise). The server builds the link it mails from that origin alone, so the endpoint
   * cannot carry someone else's link, or another page of ours, in the clinic's name.
   */
  action_url: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(ACTION_URL_MAX_LENGTH, `Must be at most ${ACTION_URL_MAX_LENGTH} characters`),
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
});
export type SendReferralBody = z.input<typeof SendReferralBodySchema>;

export const ReferralSentSchema = z.object({
  /** Where the invitation went, as stored (trimmed, lower-cased). */
  email: z.string(),
});
export type ReferralSent = z.infer<typeof ReferralSentSchema>;

/**
 * spec §7: a staff member invites a colleague to Homestretch by e-mail. The mail names the sender
 * and their clinic. Limited per sender, per clinic and per recipient (429 with Retry-After).
 */
export const sendReferralRoute = defineRoute({
  method: 'POST',
  path: '/clinic/referral/send-email',
  summary: 'Invite a colleague to Homestretch by e-mail',
  description:
    "`action_url` must be this app's staff sign-up page (`/therapist-signup`, no query) on one of its own origins (422 `rule_violation` naming `action_url` otherwise); the mailed link is built by the server. 429 with Retry-After when the sender, their clinic or the recipient has had as many invitations as allowed for now.",
  tags: ['referral'],
  body: SendReferralBodySchema,
  response: { 202: ReferralSentSchema },
});
