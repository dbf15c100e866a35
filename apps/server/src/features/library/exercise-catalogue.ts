/**
 * Loads the shipped catalogue into `videos` as the shared, read-only catalogue every clinic sees
 * (clinic_id null), in two collections: the physical-therapy exercises (pt-catalogue/, issue 32),
 * each with its movement model in catalogue_exercises, and the public-domain fitness data set
 * (assets/exercises/SOURCE.md: 873 exercises, photos for 154) as "Strength and conditioning".
 * The library's own asset, loaded on every start (main.ts), not demo data: playback serves the
 * photos, and the demo seed only builds on it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { BodyPart, Equipment, Purpose } from '@homestretch/contract/library/video';
import { EQUIPMENT, LEVELS } from '@homestretch/contract/library/video';
import type { Db } from '../../db/client';
import { catalogueExercises, catalogueWords, shippedData, videos } from '../../db/schema';
import { searchWords } from '../../platform/search-text';
import { ownTextArray } from '../../platform/sql-arrays';
import { lockSeedStep } from '../../platform/seed-lock';
import { readPtCatalogue, toPtVideoRow, toStoredExercise } from './pt-catalogue/pt-catalogue-rows';
import { videoSearchVector } from './video-search';

export const EXERCISES_DIR = path.resolve(import.meta.dirname, '../../../assets/exercises');

/** The PT subset's hand-picked regions (subset.json) as a clinician names the body part. */
const REGION_BODY_PARTS = {
  neck: 'Neck',
  shoulders: 'Shoulder',
  back: 'Back',
  hips_glutes: 'Hip and glutes',
  knees_quads_hamstrings: 'Knee and thigh',
  calves_ankles: 'Ankle and calf',
  core: 'Core',
  arms_chest_wrists: 'Arm, chest and wrist',
} as const satisfies Record<string, BodyPart>;

/**
 * Lifts and jumps work the whole body whatever muscle the source names first: a hang clean is not
 * a knee exercise (issue 32 found Olympic lifts under a search for "knee").
 */
const WHOLE_BODY_CATEGORIES = new Set([
  'olympic weightlifting',
  'powerlifting',
  'strongman',
  'plyometrics',
]);
/** The Olympic lifts and their kettlebell cousins the source files as strength. */
const WHOLE_BODY_LIFT = /\b(clean|snatch|jerk|thruster)\b/i;

/** Outside the subset, the body part follows the source's first primary muscle. */
const MUSCLE_BODY_PARTS: Record<string, BodyPart> = {
  neck: 'Neck',
  shoulders: 'Shoulder',
  traps: 'Shoulder',
  lats: 'Back',
  'middle back': 'Back',
  'lower back': 'Back',
  glutes: 'Hip and glutes',
  abductors: 'Hip and glutes',
  adductors: 'Hip and glutes',
  quadriceps: 'Knee and thigh',
  hamstrings: 'Knee and thigh',
  calves: 'Ankle and calf',
  abdominals: 'Core',
  chest: 'Arm, chest and wrist',
  biceps: 'Arm, chest and wrist',
  triceps: 'Arm, chest and wrist',
  forearms: 'Arm, chest and wrist',
};

const CATEGORY_PURPOSES: Record<string, Purpose> = {
  strength: 'Strength',
  stretching: 'Stretching',
  plyometrics: 'Plyometrics',
  powerlifting: 'Powerlifting',
  'olympic weightlifting': 'Olympic weightlifting',
  strongman: 'Strongman',
  cardio: 'Cardio',
};

const ExerciseSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  category: z.enum(Object.keys(CATEGORY_PURPOSES) as [string, ...string[]]),
  level: z.enum(LEVELS),
  /** null in the source means no equipment. */
  equipment: z.string().nullable(),
  primaryMuscles: z.array(z.enum(Object.keys(MUSCLE_BODY_PARTS) as [string, ...string[]])).min(1),
  instructions: z.array(z.string()),
});

const SubsetSchema = z.object({
  exercises: z.array(
    z.object({
      id: z.string(),
      region: z.enum(Object.keys(REGION_BODY_PARTS) as [keyof typeof REGION_BODY_PARTS]),
      images: z.array(z.string()).min(1),
    }),
  ),
});

export interface CatalogueEntry extends z.infer<typeof ExerciseSchema> {
  bodyPart: BodyPart;
  /** Photo paths relative to EXERCISES_DIR; only the PT subset ships photos. */
  images: string[];
}

/** Starting doses a therapist adjusts per patient; the source gives none. */
const STRENGTH_DOSE = { reps: 10, sets: 2 };
const STRETCH_DOSE = { reps: 1, sets: 3 };
const STRETCH_HOLD_NOTE = 'Hold the stretch for 30 seconds. Do it 3 times.';

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(path.join(EXERCISES_DIR, file), 'utf8'));
}

/** The shipped catalogue, checked: a hand-edited file fails here, naming the bad entry. */
export async function readExerciseCatalogue(): Promise<CatalogueEntry[]> {
  const exercises = z.array(ExerciseSchema).parse(await readJson('exercises.json'));
  const subset = new Map(
    SubsetSchema.parse(await readJson('subset.json')).exercises.map((entry) => [entry.id, entry]),
  );
  return exercises.map((exercise) => {
    const picked = subset.get(exercise.id);
    return {
      ...exercise,
      bodyPart: picked
        ? REGION_BODY_PARTS[picked.region]
        : WHOLE_BODY_CATEGORIES.has(exercise.category) || WHOLE_BODY_LIFT.test(exercise.name)
          ? 'Full body'
          : (MUSCLE_BODY_PARTS[exercise.primaryMuscles[0] ?? ''] ?? 'Other'),
      images: picked?.images ?? [],
    };
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function equipmentOf(entry: CatalogueEntry): Equipment {
  const named = entry.equipment ? capitalise(entry.equipment) : 'None';
  return (EQUIPMENT as readonly string[]).includes(named) ? (named as Equipment) : 'Other';
}

function describeExercise(entry: CatalogueEntry): string {
  const lines =
    entry.category === 'stretching'
      ? [...entry.instructions, STRETCH_HOLD_NOTE]
      : entry.instructions;
  // The videos default for "no description" (spec §3); some source entries have no instructions.
  return lines.length > 0 ? lines.join('\n') : '-';
}

/** One catalogue entry as a shared-catalogue video row (spec §3 Video fields and defaults). */
export function toCatalogueRow(entry: CatalogueEntry): typeof videos.$inferInsert {
  const dose = entry.category === 'stretching' ? STRETCH_DOSE : STRENGTH_DOSE;
  const fields = {
    title: entry.name,
    description: describeExercise(entry),
    bodyParts: entry.bodyPart,
    purpose: CATEGORY_PURPOSES[entry.category] ?? 'Other',
    equipment: equipmentOf(entry),
  };
  return {
    clinicId: null,
    ...fields,
    position: 'Other',
    reps: dose.reps,
    sets: dose.sets,
    level: entry.level,
    collection: 'strength-and-conditioning',
    status: 'ready',
    frameKeys: entry.images,
    externalId: entry.id,
    searchVector: videoSearchVector(fields),
  };
}

/** The catalogue's row in `shipped_data`. */
const SHIPPED_NAME = 'exercise-catalogue';

/** The catalogue columns the file decides; a newer catalogue rewrites them on start. */
const CATALOGUE_FIELDS = [
  'title',
  'description',
  'bodyParts',
  'purpose',
  'position',
  'equipment',
  'reps',
  'sets',
  'holdSeconds',
  'level',
  'collection',
  'movementId',
  'frameKeys',
  'searchVector',
] as const satisfies (keyof typeof videos.$inferInsert)[];

/**
 * Brings the shared catalogue in line with the shipped files on every start: the
 * physical-therapy exercises as stored, then both collections' videos, inserting entries not yet
 * there (matched by external_id) and rewriting those whose shipped data changed. A start that
 * would write the same rows as the last load (`shipped_data`'s fingerprint of them) writes
 * nothing. Returns how many video rows it inserted or changed.
 */
export async function loadExerciseCatalogue(db: Db): Promise<number> {
  const ptEntries = readPtCatalogue();
  const fitness = await readExerciseCatalogue();
  const rows = [...ptEntries.map(toPtVideoRow), ...fitness.map(toCatalogueRow)];
  const exercises = ptEntries.map((entry) => ({
    id: entry.id,
    entry: toStoredExercise(entry),
    movement: entry.movement,
  }));
  const words = [
    ...new Set(
      [
        ...ptEntries.flatMap((entry) => [entry.name, ...entry.synonyms]),
        ...fitness.map((entry) => entry.name),
      ].flatMap(searchWords),
    ),
  ];
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([exercises, words, rows]))
    .digest('hex');
  const names = CATALOGUE_FIELDS.map((field) => videos[field].name);
  const current = sql.raw(names.map((name) => `"videos"."${name}"`).join(', '));
  const shipped = sql.raw(names.map((name) => `excluded."${name}"`).join(', '));
  return db.transaction(async (tx) => {
    await lockSeedStep(tx, 'exercise-catalogue');
    const [loaded] = await tx
      .select({ fingerprint: shippedData.fingerprint })
      .from(shippedData)
      .where(eq(shippedData.name, SHIPPED_NAME));
    if (loaded?.fingerprint === fingerprint) {
      return 0;
    }
    await tx
      .insert(catalogueExercises)
      .values(exercises)
      .onConflictDoUpdate({
        target: catalogueExercises.id,
        set: { entry: sql`excluded.entry`, movement: sql`excluded.movement` },
        setWhere: sql`${catalogueExercises.entry} is distinct from excluded.entry`,
      });
    // Search words are letters and digits only, so they need no quoting in the array literal.
    await tx
      .delete(catalogueWords)
      .where(sql`${catalogueWords.word} <> all(${ownTextArray(words)})`);
    await tx
      .insert(catalogueWords)
      .values(words.map((word) => ({ word })))
      .onConflictDoNothing();
    let changed = 0;
    for (let start = 0; start < rows.length; start += 200) {
      const written = await tx
        .insert(videos)
        .values(rows.slice(start, start + 200))
        .onConflictDoUpdate({
          target: videos.externalId,
          targetWhere: sql`${videos.clinicId} is null`,
          set: Object.fromEntries(
            CATALOGUE_FIELDS.map((field) => [field, sql.raw(`excluded."${videos[field].name}"`)]),
          ),
          setWhere: sql`(${current}) is distinct from (${shipped})`,
        })
        .returning({ id: videos.id });
      changed += written.length;
    }
    await tx
      .insert(shippedData)
      .values({ name: SHIPPED_NAME, fingerprint })
      .onConflictDoUpdate({ target: shippedData.name, set: { fingerprint } });
    return changed;
  });
}
