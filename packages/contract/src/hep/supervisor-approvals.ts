import { z } from 'zod';
import { ROLES } from '../common/enums';
import { IdSchema } from '../common/fields';
import { PageQuerySchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { ApprovalRequestStatusSchema, ApprovalRequestSummarySchema } from './approval-request';

/**
 * Whether a therapist's program changes wait for a supervisor (spec §6 "set approval status per
 * therapist"): `required`, `not_required`, or `role_default` (the clinic's setting for the role:
 * by default remote PTs need approval and staff therapists do not).
 */
export const THERAPIST_APPROVAL_STATUSES = ['required', 'not_required', 'role_default'] as const;
export const TherapistApprovalStatusSchema = z.enum(THERAPIST_APPROVAL_STATUSES, {
  error: `status is one of ${THERAPIST_APPROVAL_STATUSES.join(', ')}`,
});
export type TherapistApprovalStatus = z.infer<typeof TherapistApprovalStatusSchema>;

/** The roles whose changes need approval in a clinic that has not said otherwise. */
export const DEFAULT_HEP_APPROVAL_ROLES = ['remote_therapist'] as const;

export const TherapistApprovalSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  status: TherapistApprovalStatusSchema,
  /** What applies: the therapist's own status, or their role's default. */
  needs_approval: z.boolean(),
});
export type TherapistApproval = z.infer<typeof TherapistApprovalSchema>;

export const SupervisorApprovalsQuerySchema = PageQuerySchema.extend({
  status: ApprovalRequestStatusSchema.default('pending'),
});

export const SupervisorApprovalsSchema = z.object({
  /** Requests of the asked status, oldest pending first (decided ones newest first), 25 a page. */
  results: z.array(ApprovalRequestSummarySchema),
  count: z.number().int(),
  pending_count: z.number().int(),
  therapists: z.array(TherapistApprovalSchema),
});
export type SupervisorApprovals = z.infer<typeof SupervisorApprovalsSchema>;

/** A supervisor's queue (spec §7), with the clinic's treating staff and their approval status. */
export const supervisorApprovalsRoute = defineRoute({
  method: 'GET',
  path: '/clinic/supervisor/approval',
  summary: 'Program approval requests and who needs approval',
  tags: ['hep', 'supervisor'],
  querystring: SupervisorApprovalsQuerySchema,
  response: { 200: SupervisorApprovalsSchema },
});

export const SetTherapistApprovalBodySchema = z.object({
  user_id: IdSchema,
  status: TherapistApprovalStatusSchema,
});
export type SetTherapistApprovalBody = z.input<typeof SetTherapistApprovalBodySchema>;

/** Sets whether one therapist's program changes need approval (spec §7); 404 for another clinic's. */
export const setTherapistApprovalRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/supervisor/approval',
  summary: "Set whether a therapist's program changes need approval",
  tags: ['hep', 'supervisor'],
  body: SetTherapistApprovalBodySchema,
  response: { 200: TherapistApprovalSchema },
});
