import { z } from 'zod';
import { AssistantKindSchema } from '../billing/rtm-case';
import { ApprovalStatusSchema, RoleSchema } from '../common/enums';
import { QueryBooleanSchema, SearchQuerySchema } from '../common/fields';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';

/**
 * The clinicians among the staff: those spec §6 gives a supervisor, and who are either licensed
 * or an assistant (PTA, OTA) for billing (domain/rtm.md).
 */
export const CLINICIAN_ROLES = ['therapist', 'remote_therapist'] as const;

export function isClinicianRole(role: string): role is (typeof CLINICIAN_ROLES)[number] {
  return (CLINICIAN_ROLES as readonly string[]).includes(role);
}

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
  /** spec §3 role choice label (Staff Therapist, Office Manager, Remote PT, Remote Supervisor). */
  role_label: z.string(),
  last_login: z.string().nullable(),
  /**
   * Can be a patient's treating therapist (onboarding, change-therapist): a treating role, and
   * approved, since an account waiting for approval cannot open the record.
   */
  can_treat: z.boolean(),
  /** Active patients they treat. */
  patient_count: z.number().int(),
  /** Accounts made with the clinic code wait for the administrator's approval. */
  approval_status: ApprovalStatusSchema,
  /** The supervisor the administrator assigned them (spec §6), or null. */
  supervisor_id: z.number().int().nullable(),
  /**
   * PTA or OTA: an assistant, whose monitoring minutes carry the CQ or CO modifier
   * (domain/rtm.md); null for a licensed therapist and everyone else.
   */
  assistant_kind: AssistantKindSchema.nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListQuerySchema = PageQuerySchema.extend({
  /** Name (either order, prefix, accents ignored) or e-mail. */
  search: SearchQuerySchema,
  role: RoleSchema.exclude(['patient']).optional(),
  /** Only staff who can treat patients: the picker for onboarding and change-therapist. */
  can_treat: QueryBooleanSchema.optional(),
});
export type StaffListQuery = z.input<typeof StaffListQuerySchema>;

/**
 * The clinic's staff (spec §2 therapist_list, and therapist pickers), 25 a page: accounts waiting
 * for approval first, so an administrator sees them on the first page, then by last name.
 */
export const listStaffRoute = defineRoute({
  method: 'GET',
  path: '/clinic/therapist',
  summary: "The clinic's staff",
  tags: ['staff'],
  querystring: StaffListQuerySchema,
  response: { 200: PaginatedSchema(StaffMemberSchema) },
});
