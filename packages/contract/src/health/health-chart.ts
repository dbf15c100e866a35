import { z } from 'zod';
import { HealthMetricSchema } from '../common/enums';
import { IsoDateSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { PatientIdPathSchema } from '../patients/patient';
import { HealthChartSchema } from './metrics';

/** Default: the 30 days ending today (clinic time zone); at most 366 days. */
export const HealthChartQuerySchema = z.object({
  /** One metric; all metrics with data when left out. */
  metric: HealthMetricSchema.optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});
export type HealthChartQuery = z.input<typeof HealthChartQuerySchema>;

/** Daily roll-ups of a patient's health metrics for the record's charts (clinicians). */
export const healthChartRoute = defineRoute({
  method: 'GET',
  path: '/user/therapist/dashboard/health/:patientId',
  summary: "A patient's daily health figures per metric over a date range",
  tags: ['health'],
  params: PatientIdPathSchema,
  querystring: HealthChartQuerySchema,
  response: { 200: HealthChartSchema },
});
