import { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema } from '../patients/patient';
import { MonitoringContextSchema } from './monitoring-context';
import { IsoMonthSchema } from '../common/fields';
import { RtmPatientMonthSchema } from './rtm-month';

export const MonitoringSessionRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  therapist_name: z.string(),
  context: MonitoringContextSchema.nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Seconds this session counts in the month asked for. */
  seconds: z.number().int(),
});

export const PatientMonitoringSchema = z.object({
  month: z.string(),
  time_zone: z.string(),
  status: RtmPatientMonthSchema,
  by_therapist: z.array(
    z.object({ user_id: z.number().int(), therapist_name: z.string(), seconds: z.number().int() }),
  ),
  /** The month's sessions, newest first (at most 50). */
  sessions: z.array(MonitoringSessionRowSchema),
});
export type PatientMonitoring = z.infer<typeof PatientMonitoringSchema>;

/** The patient dashboard's Monitoring panel: a month's minutes per therapist and its sessions. */
export const patientMonitoringRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/patients/:id/monitoring/',
  summary: "A patient's monitoring month",
  tags: ['monitoring'],
  params: PatientIdParamsSchema,
  querystring: z.object({ month: IsoMonthSchema.optional() }),
  response: { 200: PatientMonitoringSchema },
});
