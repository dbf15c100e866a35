import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import {
  DashboardIdParamsSchema,
  FolderNameSchema,
  HEP_MAX_ITEMS,
  HepItemSchema,
  HepNoteSchema,
  HepVideoSchema,
  HoldSecondsSchema,
  PersonRefSchema,
  RepsSchema,
  SetsSchema,
  firstRepeatedVideo,
} from './hep-item';

/** spec §8: the client refuses an approval request without video details; so does the server. */
export const NO_VIDEO_DETAILS_MESSAGE = 'No video details provided for approval request';

/**
 * spec §3 HEP approval request entry. `hep_data` is the whole program the remote PT proposes,
 * in order: approving makes the patient's program exactly this (items not in it are removed,
 * the rest added or changed), each change recorded with the request's id.
 */
export const ApprovalEntrySchema = z.object({
  video_id: IdSchema,
  _sets: SetsSchema,
  _reps: RepsSchema,
  /**
   * Seconds each rep is held; null for no hold (beyond spec §3's entry). Left out, an exercise
   * already in the program keeps its hold and a new one has none.
   */
  hold_seconds: HoldSecondsSchema.nullable().optional(),
  order: z.number().int('Order must be a whole number').min(1, 'Order starts at 1'),
  folder_id: IdSchema.nullable().optional(),
  folder_name: FolderNameSchema.nullable().optional(),
  description: HepNoteSchema.optional(),
});
export type ApprovalEntry = z.input<typeof ApprovalEntrySchema>;

export const HepDataSchema = z
  .array(ApprovalEntrySchema, { error: NO_VIDEO_DETAILS_MESSAGE })
  .min(1, NO_VIDEO_DETAILS_MESSAGE)
  .max(HEP_MAX_ITEMS, `A program holds at most ${HEP_MAX_ITEMS} exercises`)
  .superRefine((entries, ctx) => {
    const repeated = firstRepeatedVideo(entries);
    if (repeated !== null) {
      ctx.addIssue({ code: 'custom', message: `Video ${repeated} is in the program twice` });
    }
  });

export const CreateApprovalRequestBodySchema = z.object({
  /** The patient (spec §3 `dashboard`); must match the path's dashboardId. */
  dashboard: IdSchema,
  hep_data: HepDataSchema,
  /** A word for the supervisor ("progressing to standing exercises"). */
  note: HepNoteSchema.optional(),
});
export type CreateApprovalRequestBody = z.input<typeof CreateApprovalRequestBodySchema>;

export const APPROVAL_REQUEST_STATUSES = [
  'pending',
  'approved',
  'approved_with_changes',
  'declined',
  /** A newer request for the same patient replaced it before a supervisor decided. */
  'superseded',
] as const;
export const ApprovalRequestStatusSchema = z.enum(APPROVAL_REQUEST_STATUSES);
export type ApprovalRequestStatus = z.infer<typeof ApprovalRequestStatusSchema>;

/** A proposed entry with its video, and what it changes against the program now. */
export const ProposedEntrySchema = z.object({
  video_id: z.number().int(),
  video: HepVideoSchema,
  sets: z.number().int(),
  reps: z.number().int(),
  /** The hold approving gives the exercise: the proposal's, or the program's when it left it out. */
  hold_seconds: z.number().int().nullable(),
  order: z.number().int(),
  folder_id: z.number().int().nullable(),
  folder_name: z.string().nullable(),
  description: z.string(),
  /** `added`: not in the program now; `changed`: dose, notes or place differ; else `same`. */
  change: z.enum(['added', 'changed', 'same']),
});
export type ProposedEntry = z.infer<typeof ProposedEntrySchema>;

export const ApprovalRequestSummarySchema = z.object({
  id: z.number().int(),
  status: ApprovalRequestStatusSchema,
  patient: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    diagnosis: z.string().nullable(),
  }),
  requested_by: PersonRefSchema.nullable(),
  created_at: z.string(),
  note: z.string(),
  /** How many exercises the proposed program holds, and how many it adds, changes, removes. */
  counts: z.object({
    items: z.number().int(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
  }),
  decided_by: PersonRefSchema.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
});
export type ApprovalRequestSummary = z.infer<typeof ApprovalRequestSummarySchema>;

export const ApprovalRequestDetailsSchema = ApprovalRequestSummarySchema.extend({
  proposed: z.array(ProposedEntrySchema),
  /** Items of the program now that the proposal leaves out: approving removes them. */
  removed: z.array(HepItemSchema),
  /** The patient's program now. */
  current: z.array(HepItemSchema),
});
export type ApprovalRequestDetails = z.infer<typeof ApprovalRequestDetailsSchema>;

/**
 * A program change by someone whose changes need approval (spec §3, §7). Another pending request
 * for the same patient is superseded by this one. The program itself does not change.
 */
export const createApprovalRequestRoute = defineRoute({
  method: 'POST',
  path: '/video/hep-approval-requests/:dashboardId',
  summary: 'Send a program change for a supervisor to approve',
  tags: ['hep'],
  params: DashboardIdParamsSchema,
  body: CreateApprovalRequestBodySchema,
  response: { 201: ApprovalRequestDetailsSchema },
});

export const ApprovalRequestIdParamsSchema = z.object({ id: IdParamSchema });

/** One request with its proposed program against the current one. */
export const approvalRequestDetailsRoute = defineRoute({
  method: 'GET',
  path: '/video/hep-approval-requests/:id/details',
  summary: 'An approval request and what it would change',
  tags: ['hep'],
  params: ApprovalRequestIdParamsSchema,
  response: { 200: ApprovalRequestDetailsSchema },
});

/** spec §3 approval action `accept`; `decline` sends the request back with a note. */
export const APPROVAL_ACTIONS = ['accept', 'decline'] as const;

export const DecideApprovalBodySchema = z
  .object({
    action: z.enum(APPROVAL_ACTIONS, { error: 'action is accept or decline' }).default('accept'),
    /** The program as the supervisor corrected it; left out to approve the request as sent. */
    hep_data: HepDataSchema.optional(),
    note: HepNoteSchema.optional(),
  })
  .refine((body) => body.action === 'accept' || body.hep_data === undefined, {
    message: 'A declined request takes no hep_data',
    path: ['hep_data'],
  });
export type DecideApprovalBody = z.input<typeof DecideApprovalBodySchema>;

/**
 * Decides a pending request (409 when it was decided or superseded already). `accept` makes the
 * patient's program the proposal (or the supervisor's `hep_data`) in one transaction.
 */
export const decideApprovalRoute = defineRoute({
  method: 'POST',
  path: '/video/hep-approval-requests/:id/approve-with-changes',
  summary: 'Approve a program change, as sent or with changes, or decline it',
  tags: ['hep'],
  params: ApprovalRequestIdParamsSchema,
  body: DecideApprovalBodySchema,
  response: { 200: ApprovalRequestDetailsSchema },
});

export const PendingApprovalSchema = z.object({
  request: ApprovalRequestSummarySchema.nullable(),
  /** The proposed program by library folder, in program order (spec §7 grouped_videos). */
  grouped_videos: z.array(
    z.object({
      folder_id: z.number().int().nullable(),
      folder_name: z.string().nullable(),
      videos: z.array(ProposedEntrySchema),
    }),
  ),
});
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

/** The request waiting on a patient's program, if any (spec §7). */
export const pendingApprovalRoute = defineRoute({
  method: 'GET',
  path: '/video/hep/patient/:patientId/pending',
  summary: "The approval request waiting on a patient's program",
  tags: ['hep'],
  params: z.object({ patientId: IdParamSchema }),
  response: { 200: PendingApprovalSchema },
});
