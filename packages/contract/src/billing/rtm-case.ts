import { z } from 'zod';

/**
 * One patient's remote therapeutic monitoring for one calendar month, as the billing rules read it
 * (domain/rtm.md): what the server gathers from its records for the balances dashboard and the
 * billing file, and what `npm run --silent rtm -- explain` reads on standard input so billing
 * staff and auditors can check a case by hand.
 */

export const RTM_CODES = ['98975', '98977', '98985', '98979', '98980', '98981'] as const;
export const RtmCodeSchema = z.enum(RTM_CODES);
export type RtmCode = z.infer<typeof RtmCodeSchema>;

/** GP: a physical-therapy plan of care; CQ / CO: a PT or OT assistant furnished the minutes. */
export const RTM_MODIFIERS = ['GP', 'CQ', 'CO'] as const;
export const RtmModifierSchema = z.enum(RTM_MODIFIERS);
export type RtmModifier = z.infer<typeof RtmModifierSchema>;

export const ASSISTANT_KINDS = ['PTA', 'OTA'] as const;
export const AssistantKindSchema = z.enum(ASSISTANT_KINDS);
export type AssistantKind = z.infer<typeof AssistantKindSchema>;

const DateOnlySchema = z.iso.date({ error: 'A date as YYYY-MM-DD' });
const InstantSchema = z.iso.datetime({ offset: true, error: 'A date and time with its offset' });

export const BillingMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM');

export const TimeZoneSchema = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'An IANA time zone, e.g. America/Los_Angeles' },
);

export const RtmEpisodeSchema = z
  .object({
    /** Onboarding, in the clinic's zone. */
    start: DateOnlySchema,
    /** Discharge (its last day), or null while the episode lasts. */
    end: DateOnlySchema.nullable(),
  })
  .refine((episode) => episode.end === null || episode.end >= episode.start, {
    error: 'The discharge date is before the onboarding date',
    path: ['end'],
  });

export const RtmMonitoringSchema = z
  .object({
    start: InstantSchema,
    end: InstantSchema,
    /** false when a therapist did the work; true (a PTA) or the kind of assistant otherwise. */
    assistant: z.union([z.boolean(), AssistantKindSchema]).default(false),
  })
  .refine((session) => Date.parse(session.end) >= Date.parse(session.start), {
    error: 'The session ends before it starts',
    path: ['end'],
  });

export const RTM_INTERACTION_KINDS = ['call', 'secure_message'] as const;

export const RtmCallSchema = z.object({
  at: InstantSchema,
  seconds: z.number().int().min(0),
  /**
   * A call counts when it lasted; a secure-message exchange (the patient and the clinic both
   * wrote that day) counts only where the clinic chose to count messaging (domain/rtm.md: it is
   * contested), and the server sends it only then.
   */
  kind: z.enum(RTM_INTERACTION_KINDS).default('call'),
});

export const RtmCaseSchema = z.object({
  time_zone: TimeZoneSchema,
  rtm_covered: z.boolean(),
  episodes: z.array(RtmEpisodeSchema).max(100),
  /**
   * Days (in the clinic's zone) on which the patient's app sent any monitored data. The 30-day
   * intervals run from an episode's first day with data and 98975 is dated on its second, so give
   * at least those two of each episode, and every day from 30 days before the month to its end.
   */
  data_days: z.array(DateOnlySchema).max(10_000),
  /** Server-counted monitoring time only. */
  monitoring: z.array(RtmMonitoringSchema).max(10_000),
  /** Live interactive communications: logged calls with a duration. */
  calls: z.array(RtmCallSchema).max(10_000),
  month: BillingMonthSchema,
  /**
   * The moment the case is judged at: what is still possible and by when depends on it. Absent,
   * the month is judged as closed (its last instant), which is what a billing file needs.
   */
  as_of: InstantSchema.optional(),
});
export type RtmCase = z.input<typeof RtmCaseSchema>;
export type RtmCaseParsed = z.infer<typeof RtmCaseSchema>;

export const RtmBillableSchema = z.object({
  code: RtmCodeSchema,
  units: z.number().int().positive(),
  modifiers: z.array(RtmModifierSchema),
  date_of_service: DateOnlySchema,
  /** The calendar month (YYYY-MM) the line is billed in. */
  period: BillingMonthSchema,
  /** Device supply: the 30-day interval the line is for. */
  interval: z.object({ start: DateOnlySchema, end: DateOnlySchema }).optional(),
  days_with_data: z.number().int().optional(),
  minutes: z.number().int().optional(),
  /** The interactive call that makes management time billable. */
  call_date: DateOnlySchema.optional(),
  /** Why this line may be billed, in words a billing clerk can check against the records. */
  reasons: z.array(z.string()).min(1),
  /**
   * The expected payment in US dollars (units included) from the fee schedule of the year of the
   * date of service; null when the schedule has no amount for that year. Absent where nobody
   * priced the line (the rules themselves do not).
   */
  amount: z.number().nonnegative().nullable().optional(),
});
export type RtmBillable = z.infer<typeof RtmBillableSchema>;

export const RtmNotBillableSchema = z.object({
  code: RtmCodeSchema,
  period: BillingMonthSchema,
  /** What is missing, with the date by which it must happen ("6 more minutes by Nov 30"). */
  missing: z.array(z.string()).min(1),
  /** Device supply: the 30-day interval the entry is about, when there is one. */
  interval: z.object({ start: DateOnlySchema, end: DateOnlySchema }).optional(),
  /** The last day on which the missing part can still be done; null when it no longer can. */
  by: DateOnlySchema.nullable(),
});
export type RtmNotBillable = z.infer<typeof RtmNotBillableSchema>;

export const RtmResultSchema = z.object({
  billable: z.array(RtmBillableSchema),
  not_billable: z.array(RtmNotBillableSchema),
});
export type RtmResult = z.infer<typeof RtmResultSchema>;
