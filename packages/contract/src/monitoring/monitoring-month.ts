import { z } from 'zod';
import { defineRoute } from '../common/route';
import { IsoMonthSchema } from '../common/fields';
import { RtmPatientMonthSchema } from './rtm-month';

export const MonitoringMonthSchema = z.object({
  month: z.string(),
  time_zone: z.string(),
  /** Every RTM-covered, active patient the caller treats, by name. */
  results: z.array(RtmPatientMonthSchema),
  totals: z.object({
    patients: z.number().int(),
    /** The caller's own monitoring seconds this month, on any patient. */
    my_seconds: z.number().int(),
    reached_10: z.number().int(),
    reached_20: z.number().int(),
    with_call: z.number().int(),
  }),
});
export type MonitoringMonth = z.infer<typeof MonitoringMonthSchema>;

/** The therapist dashboard's month: the caller's patients against the thresholds. */
export const monitoringMonthRoute = defineRoute({
  method: 'GET',
  path: '/user/therapist/dashboard/monitoring',
  summary: "My patients' monitoring month",
  tags: ['monitoring'],
  querystring: z.object({ month: IsoMonthSchema.optional() }),
  response: { 200: MonitoringMonthSchema },
});
