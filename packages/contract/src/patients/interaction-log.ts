import { z } from 'zod';
import { IdSchema, IsoDateOrDateTimeSchema } from '../common/fields';
import { PageQuerySchema, PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema } from './patient';

/** spec §3 Interaction log: date, notes, call_duration_seconds, voice_call_id, log_id. */
export const InteractionLogSchema = z.object({
  log_id: z.number().int(),
  /** In the clinic's time zone (`2026-11-02T09:30:00-05:00`): the date before the T is its day. */
  date: z.string(),
  notes: z.string(),
  call_duration_seconds: z.number().int(),
  voice_call_id: z.number().int().nullable(),
  /** Who logged it. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type InteractionLog = z.infer<typeof InteractionLogSchema>;

/**
 * The longest call the log takes. RTM counts logged call time (domain/rtm.md), and a typing slip
 * ("500" minutes, shown as "8 h 20 min") was counted as though it were real; no remote check-in
 * lasts longer than this.
 */
export const MAX_CALL_SECONDS = 3 * 3600;

const logFields = {
  /** When the interaction happened: a day in the clinic's time zone, or an instant; not later than now. */
  date: IsoDateOrDateTimeSchema,
  notes: z.string().trim().max(5000, 'Notes are at most 5000 characters').default(''),
  /**
   * A live call's length. A month's RTM treatment-management codes need at least one logged
   * call with a duration (domain/rtm.md).
   */
  call_duration_seconds: z
    .number()
    .int('Must be a whole number of seconds')
    .min(0, 'Cannot be negative')
    .max(MAX_CALL_SECONDS, 'A call is at most 3 hours')
    .default(0),
  /** The call placed through POST /user/voice/call, when the interaction was one. */
  voice_call_id: IdSchema.nullable().optional(),
};

/**
 * An entry with neither notes nor a call says nothing, yet it showed as "No call" in the log the
 * RTM records are explained from: it must say what happened or how long the call lasted.
 */
const LogSchema = z
  .strictObject(logFields)
  .refine((log) => log.notes !== '' || log.call_duration_seconds > 0, {
    path: ['notes'],
    message: 'Write what happened, or enter the length of the call',
  });

export const LogInteractionBodySchema = z.strictObject({ log: LogSchema });
export type LogInteractionBody = z.input<typeof LogInteractionBodySchema>;

export const logInteractionRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/patients/:id/log_interaction/',
  summary: 'Log an interaction (call, message, visit) with the patient',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: LogInteractionBodySchema,
  response: { 201: InteractionLogSchema },
});

/** The log to delete is named by `log_id`; the client may send back the whole log it showed. */
export const DeleteInteractionBodySchema = z.strictObject({
  log: z.strictObject({
    log_id: IdSchema,
    date: z.string().optional(),
    notes: z.string().optional(),
    call_duration_seconds: z.number().optional(),
    voice_call_id: z.number().nullable().optional(),
    user_id: z.number().nullable().optional(),
    user_name: z.string().nullable().optional(),
    created_at: z.string().optional(),
  }),
});
export type DeleteInteractionBody = z.input<typeof DeleteInteractionBodySchema>;

/** Deleted logs are kept (marked deleted) for the audit trail and no longer count. */
export const deleteInteractionRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/patients/:id/log_interaction/delete/',
  summary: 'Delete a logged interaction',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: DeleteInteractionBodySchema,
  response: { 200: z.object({ ok: z.literal(true), log_id: z.number().int() }) },
});

/** The patient's interaction log, newest first, 25 a page. */
export const listInteractionsRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/patients/:id/log_interaction/',
  summary: "The patient's interaction log",
  tags: ['patients'],
  params: PatientIdParamsSchema,
  querystring: PageQuerySchema,
  response: { 200: PaginatedSchema(InteractionLogSchema) },
});
