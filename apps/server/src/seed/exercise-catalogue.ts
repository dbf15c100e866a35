/**
 * Loads the shipped exercise catalogue (assets/exercises/SOURCE.md: 154 public-domain exercises
 * picked for PT) into `videos` as the shared catalogue every clinic sees (clinic_id null).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { videos } from '../db/schema';
import { lockSeedStep } from './seed-lock';

export const EXERCISES_DIR = path.resolve(import.meta.dirname, '../../assets/exercises');

/** The catalogue's regions (subset.json) as a clinician would name the body part. */
const REGION_LABELS = {
  neck: 'Neck',
  shoulders: 'Shoulder',
  back: 'Back',
  hips_glutes: 'Hip and glutes',
  knees_quads_hamstrings: 'Knee and thigh',
  calves_ankles: 'Ankle and calf',
  core: 'Core',
  arms_chest_wrists: 'Arm, chest and wrist',
} as const;

const CatalogueEntrySchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  region: z.enum(Object.keys(REGION_LABELS) as [keyof typeof REGION_LABELS]),
  category: z.enum(['strength', 'stretching']),
  level: z.string(),
  /** null in the source means no equipment. */
  equipment: z.string().nullable(),
  primaryMuscles: z.array(z.string()),
  instructions: z.array(z.string()),
  images: z.array(z.string()).min(1),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

/** Starting doses a therapist adjusts per patient; the source gives none. */
const STRENGTH_DOSE = { reps: 10, sets: 2 };
const STRETCH_DOSE = { reps: 1, sets: 3 };
const STRETCH_HOLD_NOTE = 'Hold the stretch for 30 seconds. Do it 3 times.';

/** The shipped catalogue, checked: a hand-edited file fails here, naming the bad entry. */
export async function readExerciseCatalogue(): Promise<CatalogueEntry[]> {
  const text = await fs.readFile(path.join(EXERCISES_DIR, 'catalogue.json'), 'utf8');
  return z.array(CatalogueEntrySchema).parse(JSON.parse(text));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function describeExercise(entry: CatalogueEntry): string {
  const lines =
    entry.category === 'stretching'
      ? [...entry.instructions, STRETCH_HOLD_NOTE]
      : entry.instructions;
  // The videos default for "no description" (spec §3); one source entry has no instructions.
  return lines.length > 0 ? lines.join('\n') : '-';
}

/** One catalogue entry as a shared-catalogue video row (spec §3 Video fields and defaults). */
function toVideoRow(entry: CatalogueEntry): typeof videos.$inferInsert {
  const dose = entry.category === 'stretching' ? STRETCH_DOSE : STRENGTH_DOSE;
  return {
    clinicId: null,
    title: entry.name,
    description: describeExercise(entry),
    bodyParts: REGION_LABELS[entry.region],
    purpose: capitalise(entry.category),
    position: 'Other',
    equipment: entry.equipment ? capitalise(entry.equipment) : 'None',
    reps: dose.reps,
    sets: dose.sets,
    status: 'ready',
    thumbnailKey: `exercises/${entry.id}/0.jpg`,
    externalId: entry.id,
  };
}

/**
 * Inserts the catalogue entries not yet in the shared catalogue (matched by external_id), so it
 * runs on every start and adds only what a newer catalogue brings. Returns how many it inserted.
 */
export async function loadExerciseCatalogue(db: Db): Promise<number> {
  const entries = await readExerciseCatalogue();
  return db.transaction(async (tx) => {
    await lockSeedStep(tx, 'exercise-catalogue');
    const present = await tx
      .select({ externalId: videos.externalId })
      .from(videos)
      .where(
        and(
          isNull(videos.clinicId),
          inArray(
            videos.externalId,
            entries.map((entry) => entry.id),
          ),
        ),
      );
    const loaded = new Set(present.map((row) => row.externalId));
    const missing = entries.filter((entry) => !loaded.has(entry.id));
    if (missing.length > 0) {
      await tx.insert(videos).values(missing.map(toVideoRow));
    }
    return missing.length;
  });
}
