import { z } from 'zod';

/** What an RTM claim still needs: minutes, the live call, or days with data. */
export const RTM_NEEDS = ['minutes', 'call', 'data_days'] as const;

export const RtmNeedSchema = z.object({
  kind: z.enum(RTM_NEEDS),
  /** In words, e.g. "7 more minutes by Nov 30" or "A live call by Nov 30". */
  text: z.string(),
  /** The last day it can still happen, in the clinic's time zone. */
  due_on: z.string(),
});
export type RtmNeed = z.infer<typeof RtmNeedSchema>;

/**
 * One patient's RTM month as the server counts it: monitoring minutes of the calendar month (all
 * therapists), the 30-day data interval holding today, and the live call. `remainingMinutes` is
 * spec §3's name (Priority patient); the other fields follow the API's snake_case.
 */
export const RtmPatientMonthSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  selected_code: z.string().nullable(),
  seconds: z.number().int(),
  minutes: z.number().int(),
  next_threshold_minutes: z.number().int(),
  remainingMinutes: z.number().int(),
  /** Days left in the month, today included. */
  days_left_in_month: z.number().int(),
  month_ends_on: z.string(),
  /** The 30-day device-supply interval holding today, from onboarding; null before onboarding. */
  interval: z
    .object({
      number: z.number().int(),
      start: z.string(),
      end: z.string(),
      data_days: z.number().int(),
    })
    .nullable(),
  has_interactive_call: z.boolean(),
  last_call_at: z.string().nullable(),
  needs: z.array(RtmNeedSchema),
});
export type RtmPatientMonth = z.infer<typeof RtmPatientMonthSchema>;
