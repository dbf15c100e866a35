import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { MonitoringContextSchema } from './monitoring-context';

/**
 * `user_id` is the monitored patient's id (the `:id` of /patient/:id/dashboard), the name spec §7
 * gives it. `context` says where monitoring began, for the session's record.
 */
export const StartMonitoringBodySchema = z.object({
  user_id: IdSchema,
  context: MonitoringContextSchema.default('patient_dashboard'),
});
export type StartMonitoringBody = z.input<typeof StartMonitoringBodySchema>;

export const MonitoringSessionSchema = z.object({ id: z.number().int() });
export type MonitoringSession = z.infer<typeof MonitoringSessionSchema>;

/**
 * Opens a monitoring session on a patient (spec §4). The caller's open session, on any patient,
 * is closed first at its last save: a therapist is never counted on two patients at once.
 * Office managers, and non-remote staff of a full-service clinic, are refused with 403 (§5/§6).
 */
export const startMonitoringRoute = defineRoute({
  method: 'POST',
  path: '/user/therapist/monitoring',
  summary: 'Start monitoring a patient',
  tags: ['monitoring'],
  body: StartMonitoringBodySchema,
  response: { 201: MonitoringSessionSchema },
});
