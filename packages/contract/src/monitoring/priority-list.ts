import { z } from 'zod';
import { defineRoute } from '../common/route';
import { RtmPatientMonthSchema } from './rtm-month';

export const PriorityPatientSchema = RtmPatientMonthSchema;
export type PriorityPatient = z.infer<typeof PriorityPatientSchema>;

export const PriorityListSchema = z.object({
  month: z.string(),
  time_zone: z.string(),
  /** The RTM-covered, active patients the caller treats who are below a threshold this month. */
  results: z.array(PriorityPatientSchema),
  count: z.number().int(),
});
export type PriorityList = z.infer<typeof PriorityListSchema>;

/**
 * The caller's patients who still need monitoring minutes this month, the one whose claim is most
 * at risk first (monitoring-rules.ts rankPriority): fewest minutes left per day left, then no live
 * call yet, then data days.
 */
export const priorityListRoute = defineRoute({
  method: 'GET',
  path: '/clinic/therapist/monitoring-priority-list',
  summary: 'The priority monitoring list',
  tags: ['monitoring'],
  response: { 200: PriorityListSchema },
});
