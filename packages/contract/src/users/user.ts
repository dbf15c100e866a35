import { z } from 'zod';
import { ApprovalStatusSchema, RoleSchema } from '../common/enums';

/**
 * spec §3 User: every field, plus the clinic's name for headers and the account's approval status.
 * `code` is the clinic code.
 */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
  last_login: z.string().nullable(),
  code: z.string().nullable(),
  clinic_name: z.string().nullable(),
  /**
   * The clinic's IANA time zone (`America/New_York`): every "today" the app proposes or checks
   * (a measurement's date, an interaction's, the latest day a picker offers) is the clinic's day
   * there, as on the server, not the browser's.
   */
  clinic_time_zone: z.string().nullable(),
  is_full_service: z.boolean(),
  is_feature_notification_on: z.boolean(),
  is_new_billing_uploaded: z.boolean(),
  /** Staff who signed up with the clinic code reach no clinic data until approved. */
  approval_status: ApprovalStatusSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UserEnvelopeSchema = z.object({ user: UserSchema });
export type UserEnvelope = z.infer<typeof UserEnvelopeSchema>;
