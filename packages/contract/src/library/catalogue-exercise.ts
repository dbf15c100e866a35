import { z } from 'zod';
import {
  CatalogueEquipmentSchema,
  CatalogueIdSchema,
  ConditionSchema,
  DoseSchema,
  ExercisePurposeSchema,
  JointSchema,
  PhaseSchema,
  PositionSchema,
  RegionSchema,
  SourceSchema,
  type CatalogueEntry,
  type Source,
} from './catalogue-entry';
import { VideoSchema } from './video';

/**
 * A physical-therapy catalogue exercise as the server stores it (catalogue_exercises.entry): the
 * checked data-file entry with its sources written out, so the API reads everything it shows from
 * the database.
 */
export type StoredExercise = Omit<CatalogueEntry, 'sources'> & { sources: Source[] };

/** An easier or harder version, with the catalogue video that shows it. */
export const ExerciseLinkSchema = z.object({
  id: CatalogueIdSchema,
  name: z.string(),
  video_id: z.number().int(),
});
export type ExerciseLink = z.infer<typeof ExerciseLinkSchema>;

/**
 * What a therapist reads of a catalogue exercise beside its figure: when it is prescribed, its
 * default dose, the patient's instructions and cautions, its progressions and its sources. The
 * movement model is the video's `movement`.
 */
export const CatalogueExerciseSchema = z.object({
  id: CatalogueIdSchema,
  name: z.string(),
  synonyms: z.array(z.string()),
  regions: z.array(RegionSchema),
  joints: z.array(JointSchema),
  position: PositionSchema,
  equipment: z.array(CatalogueEquipmentSchema),
  conditions: z.array(ConditionSchema),
  phases: z.array(PhaseSchema),
  purpose: ExercisePurposeSchema,
  dose: DoseSchema,
  instructions: z.array(z.string()),
  cautions: z.array(z.string()),
  easier: z.array(ExerciseLinkSchema),
  harder: z.array(ExerciseLinkSchema),
  sources: z.array(SourceSchema),
});
export type CatalogueExercise = z.infer<typeof CatalogueExerciseSchema>;

/** GET /video/:id: the video, and for one that follows a catalogue exercise, that exercise. */
export const VideoDetailSchema = VideoSchema.extend({
  exercise: CatalogueExerciseSchema.nullable(),
});
export type VideoDetail = z.infer<typeof VideoDetailSchema>;

export { CONDITION_LABELS, PHASE_LABELS } from './clinical-tags';
