/**
 * The shipped physical-therapy catalogue as database rows (issue 32): each entry checked by its
 * schema, stored with its sources written out (catalogue_exercises), and listed in the library
 * as a catalogue video of the physical-therapy collection that follows its own movement model.
 * Pure; exercise-catalogue.ts writes the rows on every start.
 */
import {
  CatalogueEntrySchema,
  type CatalogueEntry,
  type CatalogueEquipment,
  type Dose,
  type Position as ExercisePosition,
  type Region,
} from '@homestretch/contract/library/catalogue-entry';
import {
  CONDITION_LABELS,
  type StoredExercise,
} from '@homestretch/contract/library/catalogue-exercise';
import type { BodyPart, Equipment, Position } from '@homestretch/contract/library/video';
import type { videos } from '../../../db/schema';
import { videoSearchVector } from '../video-search';
import { PT_CATALOGUE } from './index';
import { SOURCES } from './sources';

/** The library's body part of each region; balance works the whole body. */
const BODY_PART_OF_REGION: Record<Region, BodyPart> = {
  knee: 'Knee and thigh',
  hip: 'Hip and glutes',
  back: 'Back',
  neck: 'Neck',
  shoulder: 'Shoulder',
  'ankle-foot': 'Ankle and calf',
  balance: 'Full body',
  posture: 'Back',
};

const POSITION_OF_EXERCISE: Record<ExercisePosition, Position> = {
  standing: 'Standing',
  sitting: 'Sitting',
  'long-sitting': 'Sitting',
  supine: 'Lying on back',
  prone: 'Lying on stomach',
  'side-lying': 'Side lying',
  quadruped: 'Hands and knees',
  'half-kneeling': 'Kneeling',
  kneeling: 'Kneeling',
};

const EQUIPMENT_OF_EXERCISE: Record<CatalogueEquipment, Equipment> = {
  none: 'None',
  chair: 'Chair',
  counter: 'Counter',
  wall: 'Wall',
  doorway: 'Doorway',
  band: 'Bands',
  step: 'Step',
  ball: 'Exercise ball',
  towel: 'Towel',
  weight: 'Weight',
  bed: 'Bed',
  mat: 'Mat',
  stick: 'Stick',
};

/**
 * The one body part the library files an exercise under: its first region that names a body
 * part (a posture exercise that works the shoulder is a shoulder exercise), else its first.
 */
export function bodyPartOf(regions: readonly Region[]): BodyPart {
  const specific = regions.find((region) => region !== 'posture' && region !== 'balance');
  return BODY_PART_OF_REGION[specific ?? regions[0] ?? 'balance'];
}

/** The one equipment the library files it under: what the patient must find first (not a mat). */
export function equipmentOf(equipment: readonly CatalogueEquipment[]): Equipment {
  const needed = equipment.find((item) => item !== 'mat') ?? equipment[0] ?? 'none';
  return EQUIPMENT_OF_EXERCISE[needed];
}

/**
 * The description a program shows where the figure and its steps are not drawn (a printed list,
 * an older client): the steps, then the cautions.
 */
export function describeEntry(entry: Pick<CatalogueEntry, 'instructions' | 'cautions'>): string {
  return [...entry.instructions, '', ...entry.cautions].join('\n');
}

/**
 * A catalogue dose as a program item's (sets, reps, hold): a hold-only dose (a stretch, a balance
 * hold) counts its holds as reps (catalogue-entry.ts DoseSchema). The catalogue's videos and the
 * shipped templates both start from it.
 */
export function programDoseOf(dose: Dose): {
  sets: number;
  reps: number;
  holdSeconds: number | null;
} {
  return { sets: dose.sets, reps: dose.reps ?? 1, holdSeconds: dose.holdSeconds ?? null };
}

/** Every shipped entry, checked; a bad entry fails here with its id and the reason. */
export function readPtCatalogue(): CatalogueEntry[] {
  return PT_CATALOGUE.map((input) => {
    const parsed = CatalogueEntrySchema.safeParse(input);
    if (!parsed.success) {
      throw new Error(`Catalogue exercise ${input.id}: ${parsed.error.message}`);
    }
    return parsed.data;
  });
}

/** The entry as stored: its sources written out, so the API reads them from the database. */
export function toStoredExercise(entry: CatalogueEntry): StoredExercise {
  return {
    ...entry,
    sources: entry.sources.map((key) => {
      const source = SOURCES[key as keyof typeof SOURCES] as
        (typeof SOURCES)[keyof typeof SOURCES] | undefined;
      if (!source) {
        throw new Error(`Catalogue exercise ${entry.id} cites an unknown source ${key}`);
      }
      return source;
    }),
  };
}

/** The entry as the library's catalogue video, matched on start by its id (external_id). */
export function toPtVideoRow(entry: CatalogueEntry): typeof videos.$inferInsert {
  const fields = {
    title: entry.name,
    description: describeEntry(entry),
    bodyParts: bodyPartOf(entry.regions),
    purpose: entry.purpose,
    equipment: equipmentOf(entry.equipment),
  };
  return {
    clinicId: null,
    ...fields,
    position: POSITION_OF_EXERCISE[entry.position],
    ...programDoseOf(entry.dose),
    level: null,
    collection: 'physical-therapy',
    movementId: entry.id,
    status: 'ready',
    frameKeys: [],
    externalId: entry.id,
    searchVector: videoSearchVector({
      ...fields,
      synonyms: entry.synonyms,
      conditions: entry.conditions.map((condition) => CONDITION_LABELS[condition]),
    }),
  };
}
