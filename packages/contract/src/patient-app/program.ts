import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { HEP_MAX_COUNT, HepVideoSchema } from '../hep/hep-item';

/** One exercise of today's program, as the patient app shows it. */
export const TodayItemSchema = z.object({
  id: z.number().int(),
  video: HepVideoSchema,
  sets: z.number().int(),
  reps: z.number().int(),
  /** Seconds each rep is held, as the therapist set; null when the exercise has no hold. */
  hold_seconds: z.number().int().nullable(),
  /** The therapist's notes for the patient. */
  description: z.string(),
  order: z.number().int(),
  /** Sets ticked off today. */
  sets_done: z.number().int(),
});
export type TodayItem = z.infer<typeof TodayItemSchema>;

/** A day of the week strip; days after today are to come (neither flag set). */
export const WeekDaySchema = z.object({
  date: z.string(),
  /** Every exercise of the program had all its sets ticked that day. */
  complete: z.boolean(),
  /** Some sets were ticked that day. */
  active: z.boolean(),
});

export const TodayProgramSchema = z.object({
  /** The clinic's date today (YYYY-MM-DD): ticks count for this day. */
  today: z.string(),
  items: z.array(TodayItemSchema),
  /** This week, Monday to Sunday, as the therapist's weekly progress counts weeks. */
  week: z.array(WeekDaySchema),
  /** Share of the program's sets ticked over the last seven days, 0–100. */
  adherence_percent: z.number().int(),
  /** Days in a row, up to today, with every exercise done (today counts once it is done). */
  streak_days: z.number().int(),
  /** When the therapist last changed the program. */
  updated_at: z.string().nullable(),
  therapist: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  /**
   * Today's last pain rating (the clinic's day), from the app or a device; null before the
   * first. The app asks for a rating only when a session began after it.
   */
  pain_today: z.object({ level: z.number(), recorded_at: z.string() }).nullable(),
});
export type TodayProgram = z.infer<typeof TodayProgramSchema>;

export const todayProgramRoute = defineRoute({
  method: 'GET',
  path: '/app-api/program',
  summary: "The signed-in patient's program for today",
  tags: ['patient-app'],
  response: { 200: TodayProgramSchema },
});

export const RecordProgressBodySchema = z.object({
  sets_done: z
    .number({ error: 'sets_done must be a number' })
    .int('sets_done must be a whole number')
    .min(0, 'sets_done is at least 0')
    .max(HEP_MAX_COUNT, `sets_done is at most ${HEP_MAX_COUNT}`),
});
export type RecordProgressBody = z.input<typeof RecordProgressBodySchema>;

/**
 * Today's ticked sets of one exercise (the whole count, so a repeated call changes nothing);
 * more than the exercise asks for is 422.
 */
export const recordProgressRoute = defineRoute({
  method: 'PUT',
  path: '/app-api/program/:hepId/progress',
  summary: 'Tick off sets of an exercise today',
  tags: ['patient-app'],
  params: z.object({ hepId: IdParamSchema }),
  body: RecordProgressBodySchema,
  response: { 200: TodayItemSchema },
});
