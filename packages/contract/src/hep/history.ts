import { z } from 'zod';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import {
  DashboardIdParamsSchema,
  HepIdParamsSchema,
  HepVideoSchema,
  PersonRefSchema,
} from './hep-item';

export const HEP_EVENT_KINDS = ['added', 'changed', 'removed', 'restored', 'reordered'] as const;
export const HepEventKindSchema = z.enum(HEP_EVENT_KINDS);
export type HepEventKind = z.infer<typeof HepEventKindSchema>;

/** An item as it stood before or after a change. */
export const HepItemStateSchema = z.object({
  sets: z.number().int(),
  reps: z.number().int(),
  /** Absent from changes recorded before items had a hold. */
  hold_seconds: z.number().int().nullable().optional(),
  order: z.number().int(),
  description: z.string(),
});
export type HepItemState = z.infer<typeof HepItemStateSchema>;

/** One change: who, when, what before and after (null before an add, null after a removal). */
export const HepEventSchema = z.object({
  id: z.number().int(),
  hep_id: z.number().int(),
  kind: HepEventKindSchema,
  at: z.string(),
  actor: PersonRefSchema.nullable(),
  /** The approval request this change came from, when a supervisor approved it. */
  approval_request_id: z.number().int().nullable(),
  before: HepItemStateSchema.nullable(),
  after: HepItemStateSchema.nullable(),
});
export type HepEvent = z.infer<typeof HepEventSchema>;

export const HepItemHistorySchema = z.object({
  hep_id: z.number().int(),
  patient_id: z.number().int(),
  video: HepVideoSchema,
  /** Oldest first. */
  events: z.array(HepEventSchema),
});
export type HepItemHistory = z.infer<typeof HepItemHistorySchema>;

/** Every change of one program item (spec §7). */
export const programItemHistoryRoute = defineRoute({
  method: 'GET',
  path: '/video/hep/:hepId/history',
  summary: 'The history of one program item',
  tags: ['hep'],
  params: HepIdParamsSchema,
  response: { 200: HepItemHistorySchema },
});

export const ProgramEventSchema = HepEventSchema.extend({
  video: HepVideoSchema,
  /**
   * A reorder is one line: the exercise moved, with how many others shifted place around it
   * (their own moves are in their items' histories, not in the program's).
   */
  shifted: z.number().int().optional(),
});
export type ProgramEvent = z.infer<typeof ProgramEventSchema>;

/** The changes of a whole program, newest first, 25 a page. */
export const programHistoryRoute = defineRoute({
  method: 'GET',
  path: '/video/hep/therapist/:dashboardId/history',
  summary: "The changes of a patient's program, newest first",
  tags: ['hep'],
  params: DashboardIdParamsSchema,
  querystring: PageQuerySchema,
  response: { 200: PaginatedSchema(ProgramEventSchema) },
});
