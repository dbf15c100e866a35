import { z } from 'zod';
import { HealthMetricSchema } from '../common/enums';
import { defineRoute } from '../common/route';
import { FunctionalDataTypeSchema } from './functional-data';
import { ProgressDaySchema, ProgressSummarySchema, WeeksAgoSchema } from './progress';
import { InteractionLogSchema } from '../patients/interaction-log';
import { PatientIdParamsSchema, PatientSchema } from '../patients/patient';

/**
 * One metric over the report's week. `aggregation` says what its figures are: 'sum' metrics
 * add up over a day (HEALTH_METRIC_RULES), so they compare days; 'average' metrics compare
 * readings.
 */
export const ReportMetricSchema = z.object({
  metric: HealthMetricSchema,
  label: z.string(),
  unit: z.string(),
  aggregation: z.enum(['sum', 'average']),
  days_with_data: z.number().int(),
  /** Summed metrics: the mean daily total over days with data; averaged: the mean reading. */
  value: z.number(),
  /**
   * Summed metrics (steps, distance, calories): the lowest day total; averaged metrics (heart
   * rate, pain): the lowest single reading. Like with like: never a reading beside a day's total.
   */
  min: z.number(),
  /** Summed metrics: the highest day total; averaged metrics: the highest single reading. */
  max: z.number(),
});
export type ReportMetric = z.infer<typeof ReportMetricSchema>;

/** A week's activity report for one patient: what backs up the RTM claims (domain/rtm.md). */
export const PatientReportSchema = z.object({
  patient: PatientSchema,
  weeks_ago: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  time_zone: z.string(),
  generated_at: z.string(),
  summary: ProgressSummarySchema,
  days: z.array(ProgressDaySchema),
  metrics: z.array(ReportMetricSchema),
  /** Monitoring time recorded that week, on the server's clock. */
  monitoring_seconds: z.number().int(),
  interactions: z.array(InteractionLogSchema),
  /** At least one logged call with a duration that week. */
  has_interactive_call: z.boolean(),
  /** Measures with their entries of that week. */
  functional_data: z.array(FunctionalDataTypeSchema),
});
export type PatientReport = z.infer<typeof PatientReportSchema>;

/** `weeks_ago` 1 (default) is last week, Monday to Sunday in the clinic's time zone. */
export const patientReportRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/patients/:id/report/',
  summary: "A patient's weekly report",
  tags: ['patients'],
  params: PatientIdParamsSchema,
  querystring: z.object({ weeks_ago: WeeksAgoSchema.default(1) }),
  response: { 200: PatientReportSchema },
});
