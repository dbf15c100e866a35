import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXERCISES_DIR } from '../library/library.api';
import { CATALOGUE_AREAS, catalogueArea, worksDiagnosisSite } from './catalogue-areas';

const SPLIT_SUBSET_REGIONS = ['back', 'knees_quads_hamstrings', 'arms_chest_wrists'];

describe('catalogue areas', () => {
  it('name every photographed entry of a split region, and only entries that exist', async () => {
    const subset = JSON.parse(await readFile(path.join(EXERCISES_DIR, 'subset.json'), 'utf8')) as {
      exercises: { id: string; region: string }[];
    };
    const ids = new Set(subset.exercises.map((entry) => entry.id));
    const split = subset.exercises.filter((entry) => SPLIT_SUBSET_REGIONS.includes(entry.region));
    expect(split.filter((entry) => !(entry.id in CATALOGUE_AREAS))).toEqual([]);
    expect(Object.keys(CATALOGUE_AREAS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('gives an entry of a split region no area when the list does not name it', () => {
    expect(catalogueArea('Not_In_The_List', 'Back')).toBeNull();
    expect(catalogueArea(null, 'Ankle and calf')).toBe('ankle');
    expect(catalogueArea('Knee_Circles', 'Ankle and calf')).toBe('knee');
    expect(catalogueArea('Chin_To_Chest_Stretch', 'Neck')).toBeNull();
  });

  it('matches a diagnosis site only with an entry that works it', () => {
    const fromCatalogue = (catalogueId: string, bodyPart: Parameters<typeof catalogueArea>[1]) => ({
      catalogueId,
      bodyPart,
      fromCatalogue: true,
    });
    const lumbar = { region: 'Back', site: 'lumbar' } as const;
    expect(worksDiagnosisSite(fromCatalogue('Dumbbell_Shrug', 'Back'), lumbar)).toBe(false);
    expect(worksDiagnosisSite(fromCatalogue('Childs_Pose', 'Back'), lumbar)).toBe(true);
    const spine = { region: 'Back', site: 'spine' } as const;
    expect(worksDiagnosisSite(fromCatalogue('Inverted_Row', 'Back'), spine)).toBe(true);
    expect(worksDiagnosisSite(fromCatalogue('Dumbbell_Shrug', 'Back'), spine)).toBe(false);
    const tennisElbow = { region: 'Arm, chest and wrist', site: 'elbow' } as const;
    expect(
      worksDiagnosisSite(
        fromCatalogue('Seated_Dumbbell_Palms-Down_Wrist_Curl', 'Arm, chest and wrist'),
        tennisElbow,
      ),
    ).toBe(true);
    expect(
      worksDiagnosisSite(fromCatalogue('Incline_Push-Up', 'Arm, chest and wrist'), tennisElbow),
    ).toBe(false);
    const pelvicFloor = { region: 'Core', site: 'pelvic floor' } as const;
    expect(worksDiagnosisSite(fromCatalogue('Crunches', 'Core'), pelvicFloor)).toBe(false);
    const shoulder = { region: 'Shoulder', site: 'rotator cuff' } as const;
    expect(worksDiagnosisSite(fromCatalogue('External_Rotation', 'Shoulder'), shoulder)).toBe(true);
    expect(worksDiagnosisSite(fromCatalogue('Childs_Pose', 'Back'), shoulder)).toBe(false);
    expect(
      worksDiagnosisSite({ catalogueId: null, bodyPart: 'Back', fromCatalogue: false }, lumbar),
    ).toBe(true);
  });
});
