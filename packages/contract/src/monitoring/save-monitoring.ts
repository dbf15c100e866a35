import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';

/** A day, the longest one session can be: a larger count is a broken client, refused. */
export const MAX_SESSION_SECONDS = 86_400;

/**
 * `seconds`: the active seconds the client has counted since the session began (cumulative, so a
 * retried save never counts twice). The server credits at most the time that really passed on its
 * own clock since the start, and never less than it already credited; without `seconds` it
 * credits the time passed since the last save. `final` (default true, spec §7: the call "closes
 * the session and saves time") closes the session; the periodic save every 30 active ticks sends
 * false and keeps it open.
 */
export const SaveMonitoringBodySchema = z
  .object({
    seconds: z
      .number({ error: 'seconds is a whole number of seconds' })
      .int('seconds is a whole number of seconds')
      .min(0, 'seconds is 0 or more')
      .max(MAX_SESSION_SECONDS, `seconds is at most ${MAX_SESSION_SECONDS} (a day)`)
      .optional(),
    final: z.boolean({ error: 'final is true or false' }).default(true),
  })
  // A PUT without a body (spec §7 names none) closes the session with the time since its last save.
  .nullable();
export type SaveMonitoringBody = z.input<typeof SaveMonitoringBodySchema>;

export const SavedMonitoringSchema = z.object({
  id: z.number().int(),
  /** Seconds the server counts for the session so far. */
  seconds: z.number().int(),
  /** Whether the session is closed now. */
  ended: z.boolean(),
});
export type SavedMonitoring = z.infer<typeof SavedMonitoringSchema>;

/**
 * Saves a session's time and, unless `final` is false, closes it. Another therapist's session or
 * another clinic's is 404; a closed one (closed by a newer start, the sweeper or an earlier final
 * save) is 409, and the client starts a new session when the user is active again.
 */
export const saveMonitoringRoute = defineRoute({
  method: 'PUT',
  path: '/user/therapist/dashboard/monitoring/:monitoringId',
  summary: 'Save, and close, a monitoring session',
  tags: ['monitoring'],
  params: z.object({ monitoringId: IdParamSchema }),
  body: SaveMonitoringBodySchema,
  response: { 200: SavedMonitoringSchema },
});
