import { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientIdPathSchema } from '../patients/patient';

export const WeeksAgoSchema = z.coerce
  .number()
  .int('Must be a whole number')
  .min(0, 'Cannot be negative')
  .max(104, 'At most 104 weeks back');

/** One day of the week's progress (clinic time zone). */
export const ProgressDaySchema = z.object({
  date: z.string(),
  /** After today: nothing is expected yet. */
  future: z.boolean(),
  /** Mean pain level that day (0-10), null without a report. */
  pain: z.number().nullable(),
  engagement_minutes: z.number().nullable(),
  steps: z.number().nullable(),
  /** Program items ticked off that day, and how many the program had. */
  exercises_done: z.number().int(),
  exercises_assigned: z.number().int(),
  /** exercises_done / exercises_assigned (0-1), null without a program. */
  adherence: z.number().nullable(),
  /** The app sent any monitored data that day (domain/rtm.md: what counts as data). */
  has_data: z.boolean(),
});
export type ProgressDay = z.infer<typeof ProgressDaySchema>;

export const ProgressSummarySchema = z.object({
  /** Items done / items expected over the week's days up to today (0-1), null without a program. */
  adherence: z.number().nullable(),
  average_pain: z.number().nullable(),
  previous_average_pain: z.number().nullable(),
  /** average_pain - previous_average_pain: negative is better. */
  pain_change: z.number().nullable(),
  engagement_minutes: z.number(),
  /** Mean steps per day over days with step data. */
  average_steps: z.number().nullable(),
  days_with_data: z.number().int(),
  /** Days of the week up to today. */
  days_elapsed: z.number().int(),
});
export type ProgressSummary = z.infer<typeof ProgressSummarySchema>;

export const ProgressSchema = z.object({
  patient_id: z.number().int(),
  weeks_ago: z.number().int(),
  /** Monday and Sunday of the week, clinic time zone. */
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(ProgressDaySchema),
  summary: ProgressSummarySchema,
});
export type Progress = z.infer<typeof ProgressSchema>;

/** The week's progress (Monday to Sunday); `weeks_ago` 0 (default) is the current week. */
export const progressRoute = defineRoute({
  method: 'GET',
  path: '/user/therapist/dashboard/progress/:patientId',
  summary: "A patient's weekly progress: pain, engagement, steps, adherence",
  tags: ['health'],
  params: PatientIdPathSchema,
  querystring: z.object({ weeks_ago: WeeksAgoSchema.default(0) }),
  response: { 200: ProgressSchema },
});
