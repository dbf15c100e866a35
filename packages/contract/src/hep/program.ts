import { z } from 'zod';
import { IsoDateSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { DashboardIdParamsSchema, HepItemSchema, PersonRefSchema } from './hep-item';

/** The last decision on this patient's approval requests, for the remote PT who sent it. */
export const ApprovalOutcomeSchema = z.object({
  request_id: z.number().int(),
  status: z.enum(['approved', 'approved_with_changes', 'declined']),
  decided_by: PersonRefSchema.nullable(),
  decided_at: z.string(),
  note: z.string(),
});

export const PatientHepRequestSchema = z.object({
  id: z.number().int(),
  request_content: z.string(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: PersonRefSchema.nullable(),
});
export type PatientHepRequest = z.infer<typeof PatientHepRequestSchema>;

export const ProgramSchema = z.object({
  patient_id: z.number().int(),
  /** The program, in order (as it stood at the end of `as_of` when that was asked for). */
  items: z.array(HepItemSchema),
  /** Removed items, newest removal first, to restore; empty for a past date. */
  removed: z.array(HepItemSchema),
  /** The clinic date the program is shown as of; null for now. */
  as_of: z.string().nullable(),
  /**
   * The caller's changes wait for a supervisor (a clinic setting per role, or the supervisor's
   * choice for this therapist): they are sent as approval requests, not made directly.
   */
  needs_approval: z.boolean(),
  /** The request waiting for a supervisor on this patient's program, if any. */
  pending_request: z
    .object({
      id: z.number().int(),
      created_at: z.string(),
      requested_by: PersonRefSchema.nullable(),
    })
    .nullable(),
  last_outcome: ApprovalOutcomeSchema.nullable(),
  /** What the patient asked from the app ("ask my therapist"), open ones first. */
  patient_requests: z.array(PatientHepRequestSchema),
});
export type Program = z.infer<typeof ProgramSchema>;

export const ProgramQuerySchema = z.object({
  /** A past clinic date (YYYY-MM-DD): the program as the patient had it at that day's end. */
  as_of: IsoDateSchema.optional(),
});

export const getProgramRoute = defineRoute({
  method: 'GET',
  path: '/video/hep/therapist/:dashboardId',
  summary: "A patient's home exercise program (dashboardId is the patient id)",
  tags: ['hep'],
  params: DashboardIdParamsSchema,
  querystring: ProgramQuerySchema,
  response: { 200: ProgramSchema },
});
