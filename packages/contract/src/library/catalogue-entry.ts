import { z } from 'zod';
import { ConditionSchema, PhaseSchema } from './clinical-tags';
import { MovementModelSchema, type Posture, type PropKind } from './movement';
import { fleschKincaidGrade, MAX_READING_GRADE } from './reading-level';
import { CatalogueIdSchema } from './catalogue-id';

export * from './clinical-tags';

/**
 * One exercise of the shipped physical-therapy catalogue (issue 32 item 1): what a clinician
 * searches and prescribes, what the patient reads, and the movement model its figure is drawn
 * from. The data lives in apps/server/src/features/library/pt-catalogue/, one file per region;
 * docs/catalogue-authoring.md explains how to write an entry.
 */

export const REGIONS = [
  'knee',
  'hip',
  'back',
  'neck',
  'shoulder',
  'ankle-foot',
  'balance',
  'posture',
] as const;
export const RegionSchema = z.enum(REGIONS);
export type Region = z.infer<typeof RegionSchema>;

export const JOINTS = [
  'cervical-spine',
  'thoracic-spine',
  'lumbar-spine',
  'scapula',
  'shoulder',
  'elbow',
  'hip',
  'knee',
  'ankle',
  'foot',
] as const;
export const JointSchema = z.enum(JOINTS);

/** The patient's position, as the library filters by it. */
export const POSITIONS = [
  'standing',
  'sitting',
  'long-sitting',
  'supine',
  'prone',
  'side-lying',
  'quadruped',
  'half-kneeling',
  'kneeling',
] as const;
export const PositionSchema = z.enum(POSITIONS);
export type Position = z.infer<typeof PositionSchema>;

/** The position each movement posture is listed under. */
export const POSITION_OF_POSTURE: Record<Posture, Position> = {
  standing: 'standing',
  sitting: 'sitting',
  'long-sitting': 'long-sitting',
  supine: 'supine',
  prone: 'prone',
  'side-lying-left': 'side-lying',
  'side-lying-right': 'side-lying',
  quadruped: 'quadruped',
  'half-kneeling': 'half-kneeling',
  kneeling: 'kneeling',
};

/** What the patient needs at home. `none` stands alone. */
export const CATALOGUE_EQUIPMENT = [
  'none',
  'chair',
  'counter',
  'wall',
  'doorway',
  'band',
  'step',
  'ball',
  'towel',
  'weight',
  'bed',
  'mat',
  'stick',
] as const;
export const CatalogueEquipmentSchema = z.enum(CATALOGUE_EQUIPMENT);
export type CatalogueEquipment = z.infer<typeof CatalogueEquipmentSchema>;

/** The equipment a movement model's prop needs (its entry must list it). */
export const EQUIPMENT_OF_PROP: Record<PropKind, CatalogueEquipment> = {
  chair: 'chair',
  counter: 'counter',
  wall: 'wall',
  doorway: 'doorway',
  step: 'step',
  table: 'bed',
  mat: 'mat',
  ball: 'ball',
  'towel-roll': 'towel',
  towel: 'towel',
  band: 'band',
  weight: 'weight',
  stick: 'stick',
};

/** What the exercise is for, as the library files it (a subset of video.ts PURPOSES). */
export const EXERCISE_PURPOSES = ['Strength', 'Stretching', 'Mobility', 'Balance'] as const;
export const ExercisePurposeSchema = z.enum(EXERCISE_PURPOSES);
export type ExercisePurpose = z.infer<typeof ExercisePurposeSchema>;

export { CatalogueIdSchema };

/**
 * The default dose a therapist starts from. A strengthening exercise gives `reps` (and may hold
 * each for `holdSeconds`); a stretch or a balance hold gives `holdSeconds` and reps as the number
 * of holds. `perSide`: the sets are done on each side in turn.
 */
export const DoseSchema = z
  .strictObject({
    sets: z.number().int().min(1).max(6),
    reps: z.number().int().min(1).max(50).optional(),
    holdSeconds: z.number().int().min(1).max(120).optional(),
    timesPerDay: z.number().int().min(1).max(6),
    daysPerWeek: z.number().int().min(1).max(7),
    perSide: z.boolean(),
  })
  .refine((dose) => dose.reps !== undefined || dose.holdSeconds !== undefined, {
    message: 'A dose needs reps, holdSeconds or both',
  });
export type Dose = z.infer<typeof DoseSchema>;

/** A sentence a patient reads: capitalised, ending in a full stop, short. */
const PatientSentenceSchema = z
  .string()
  .trim()
  .min(3)
  .max(140)
  .regex(/^[A-Z0-9].*[.!]$/, 'Start with a capital letter and end with a full stop');

/** A published guidance a dose or exercise follows (no text copied from it). */
export const SourceSchema = z.strictObject({
  title: z.string().min(3),
  organisation: z.string().min(2),
  year: z.number().int().min(1980).max(2100),
  url: z.url(),
});
export type Source = z.infer<typeof SourceSchema>;

/** A catalogue exercise. The cross-entry rules (links resolve, sources exist) are in the test. */
export const CatalogueEntrySchema = z
  .strictObject({
    id: CatalogueIdSchema,
    name: z.string().trim().min(3).max(60),
    /** What clinicians also call it ("SLR", "wall sit", "clam"); searched like the name. */
    synonyms: z.array(z.string().trim().min(2).max(40)).max(8),
    regions: z.array(RegionSchema).min(1).max(3),
    joints: z.array(JointSchema).min(1).max(4),
    position: PositionSchema,
    equipment: z.array(CatalogueEquipmentSchema).min(1).max(4),
    conditions: z.array(ConditionSchema).min(1),
    phases: z.array(PhaseSchema).min(1),
    purpose: ExercisePurposeSchema,
    dose: DoseSchema,
    /** Numbered steps, as the patient reads them; plain words, grade 6 or below altogether. */
    instructions: z.array(PatientSentenceSchema).min(2).max(7),
    /** When to stop or what to avoid; grade 6 or below. */
    cautions: z.array(PatientSentenceSchema).min(1).max(4),
    easier: z.array(CatalogueIdSchema).max(3),
    harder: z.array(CatalogueIdSchema).max(3),
    /** Keys of pt-catalogue/sources.ts. */
    sources: z.array(z.string().min(2)).min(1).max(4),
    movement: MovementModelSchema,
  })
  .superRefine((entry, ctx) => {
    const posturePosition = POSITION_OF_POSTURE[entry.movement.posture];
    if (posturePosition !== entry.position) {
      ctx.addIssue({
        code: 'custom',
        path: ['position'],
        message: `Position ${entry.position} does not match the movement's posture ${entry.movement.posture}`,
      });
    }
    if (entry.equipment.includes('none') && entry.equipment.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['equipment'], message: '`none` stands alone' });
    }
    for (const prop of entry.movement.props) {
      const needed = EQUIPMENT_OF_PROP[prop.kind];
      // A mat is a comfort, never required; the figure may show one on any floor exercise.
      if (needed !== 'mat' && !entry.equipment.includes(needed)) {
        ctx.addIssue({
          code: 'custom',
          path: ['equipment'],
          message: `The figure shows a ${prop.kind}: list ${needed} in equipment`,
        });
      }
    }
    for (const [path, list] of [
      ['easier', entry.easier],
      ['harder', entry.harder],
    ] as const) {
      if (list.includes(entry.id)) {
        ctx.addIssue({
          code: 'custom',
          path: [path],
          message: 'An exercise cannot link to itself',
        });
      }
    }
    for (const key of ['instructions', 'cautions'] as const) {
      const grade = fleschKincaidGrade(entry[key].join('\n'));
      if (grade > MAX_READING_GRADE) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Reading grade ${grade.toFixed(1)} is above ${MAX_READING_GRADE}: use shorter words and sentences`,
        });
      }
    }
    if (new Set(entry.phases).size !== entry.phases.length) {
      ctx.addIssue({ code: 'custom', path: ['phases'], message: 'A phase is listed twice' });
    }
  });
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;
/** What an author writes: angles, holds and tempo not given default (movement.ts). */
export type CatalogueEntryInput = z.input<typeof CatalogueEntrySchema>;
