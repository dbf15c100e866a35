import { z } from 'zod';
import { IdParamSchema, IsoDateOrDateTimeSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { ConditionSchema, PhaseSchema } from '../library/clinical-tags';
import { HepVideoSchema } from './hep-item';

export { PHASES, PHASE_FIRST_WEEK, PhaseSchema, type Phase } from '../library/clinical-tags';

export const MAX_RECOMMENDATIONS = 12;

export const RecommendationsQuerySchema = z.object({
  /** The patient's diagnosis as the record shows it (an ICD-10-CM description or code). */
  diagnosis_name: z.string().trim().min(1, 'diagnosis_name is required').max(300),
  onboarded_at: z.string().trim().min(1, 'onboarded_at is required').pipe(IsoDateOrDateTimeSchema),
  therapist_id: IdParamSchema,
  /** Leaves out what this patient's program holds already. */
  patient_id: IdParamSchema.optional(),
});
export type RecommendationsQuery = z.input<typeof RecommendationsQuerySchema>;

export const RecommendedVideoSchema = HepVideoSchema.extend({
  sets: z.number().int(),
  reps: z.number().int(),
  /** Why, in words a therapist reads at a glance, strongest first; the first is `reason`. */
  reasons: z.array(z.string()),
  /**
   * Why, in one line (issue 32): "Knee replacement, week 2: early phase — knee range of motion"
   * or "Progression of Quad set, done for 3 weeks".
   */
  reason: z.string(),
  /** The catalogue condition the exercise was chosen for; null when only the region matched. */
  condition: ConditionSchema.nullable(),
  /** The phase the exercise serves: the patient's, or the next one for a progression. */
  phase: PhaseSchema,
});
export type RecommendedVideo = z.infer<typeof RecommendedVideoSchema>;

export const RecommendationsSchema = z.object({
  phase: PhaseSchema,
  /** The body region the diagnosis names, when the code table knows it. */
  region: z.string().nullable(),
  code: z.string().nullable(),
  videos: z.array(RecommendedVideoSchema),
  /** The catalogue condition the diagnosis code maps to (issue 32); null when none does. */
  condition: ConditionSchema.nullable(),
  /** The week of care the phase was read from, the first week being week 1. */
  week: z.number().int().min(1),
  /** How the diagnosis was read, in a line ("M17.11 is knee osteoarthritis: ..."). */
  explanation: z.string(),
});
export type Recommendations = z.infer<typeof RecommendationsSchema>;

/**
 * spec §7: ranked by the physical-therapy catalogue's clinical tags (issue 32): the condition the
 * diagnosis code maps to, the phase of care, and progressions of what the patient already does.
 */
export const recommendationsRoute = defineRoute({
  method: 'GET',
  path: '/video/recommendations',
  summary: 'Exercises recommended for a diagnosis and phase',
  tags: ['hep'],
  querystring: RecommendationsQuerySchema,
  response: { 200: RecommendationsSchema },
});
