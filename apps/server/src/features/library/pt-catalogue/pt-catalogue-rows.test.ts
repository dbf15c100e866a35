import { CatalogueIdSchema } from '@homestretch/contract/library/catalogue-entry';
import { describe, expect, it } from 'vitest';
import { readExerciseCatalogue } from '../exercise-catalogue';
import {
  bodyPartOf,
  describeEntry,
  equipmentOf,
  programDoseOf,
  readPtCatalogue,
  toPtVideoRow,
  toStoredExercise,
} from './pt-catalogue-rows';

describe('the physical-therapy catalogue as library rows', () => {
  const entries = readPtCatalogue();

  it('files an exercise under the body part it works, not posture or balance', () => {
    expect(bodyPartOf(['posture', 'shoulder'])).toBe('Shoulder');
    expect(bodyPartOf(['balance', 'ankle-foot'])).toBe('Ankle and calf');
    expect(bodyPartOf(['balance'])).toBe('Full body');
    expect(bodyPartOf(['posture'])).toBe('Back');
    expect(bodyPartOf(['knee', 'hip'])).toBe('Knee and thigh');
  });

  it('files it under what the patient must find, a mat being a comfort', () => {
    expect(equipmentOf(['mat', 'band'])).toBe('Bands');
    expect(equipmentOf(['mat'])).toBe('Mat');
    expect(equipmentOf(['none'])).toBe('None');
    expect(equipmentOf(['ball', 'wall'])).toBe('Exercise ball');
  });

  it('turns a hold-only dose into one rep per hold', () => {
    expect(
      programDoseOf({ sets: 3, holdSeconds: 30, timesPerDay: 2, daysPerWeek: 7, perSide: true }),
    ).toEqual({ sets: 3, reps: 1, holdSeconds: 30 });
    expect(
      programDoseOf({ sets: 2, reps: 10, timesPerDay: 1, daysPerWeek: 5, perSide: false }),
    ).toEqual({ sets: 2, reps: 10, holdSeconds: null });
  });

  it('describes it by its steps, then its cautions', () => {
    expect(
      describeEntry({ instructions: ['Sit tall.', 'Lift.'], cautions: ['Stop if it hurts.'] }),
    ).toBe('Sit tall.\nLift.\n\nStop if it hurts.');
  });

  it('lists every exercise in the physical-therapy collection, following its own model', () => {
    const wallSquat = toPtVideoRow(entries.find((entry) => entry.id === 'wall-squat')!);
    expect(wallSquat).toMatchObject({
      clinicId: null,
      title: 'Wall squat',
      collection: 'physical-therapy',
      movementId: 'wall-squat',
      externalId: 'wall-squat',
      bodyParts: 'Knee and thigh',
      position: 'Standing',
      equipment: 'Wall',
      sets: 3,
      reps: 10,
      holdSeconds: 5,
      frameKeys: [],
    });
    // Found by what clinicians call it, as its name is.
    expect(wallSquat.searchVector).toContain("'t:sit'");
    const stretch = toPtVideoRow(entries.find((entry) => entry.id === 'supine-hamstring-stretch')!);
    expect(stretch).toMatchObject({ purpose: 'Stretching', reps: 3, holdSeconds: 30 });
    const slr = toPtVideoRow(entries.find((entry) => entry.id === 'straight-leg-raise')!);
    expect(slr.searchVector).toContain("'t:slr'");
    expect(slr.holdSeconds).toBeNull();
  });

  it('never shares an id with the strength and conditioning set, whose ids are not slugs', async () => {
    const fitness = await readExerciseCatalogue();
    expect(fitness.filter((entry) => CatalogueIdSchema.safeParse(entry.id).success)).toEqual([]);
  });

  it('stores each exercise with its sources written out', () => {
    const stored = toStoredExercise(entries[0]!);
    expect(stored.sources.length).toBe(entries[0]!.sources.length);
    expect(stored.sources[0]).toMatchObject({ title: expect.any(String), url: expect.any(String) });
    expect(() => toStoredExercise({ ...entries[0]!, sources: ['no-such-source'] })).toThrow(
      /unknown source no-such-source/,
    );
  });
});
