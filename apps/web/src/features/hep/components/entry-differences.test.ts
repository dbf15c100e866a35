import { describe, expect, it } from 'vitest';
import { entryDifferences } from './entry-differences';

const item = { sets: 2, reps: 10, hold_seconds: null, description: '', order: 1 };

describe('what a proposal changes in one exercise', () => {
  it('names each change, before → after', () => {
    expect(
      entryDifferences({ sets: 3, reps: 12, hold_seconds: null, description: '' }, 1, item),
    ).toEqual(['Sets 2 → 3', 'Reps 10 → 12']);
    expect(
      entryDifferences({ sets: 2, reps: 10, hold_seconds: null, description: '' }, 3, item),
    ).toEqual(['Place 1 → 3']);
  });

  it('names a hold put on, changed or taken off', () => {
    const entry = { sets: 2, reps: 10, description: '' };
    expect(entryDifferences({ ...entry, hold_seconds: 5 }, 1, item)).toEqual([
      'Hold none → 5 seconds',
    ]);
    const held = { ...item, hold_seconds: 5 };
    expect(entryDifferences({ ...entry, hold_seconds: 1 }, 1, held)).toEqual([
      'Hold 5 seconds → 1 second',
    ]);
    expect(entryDifferences({ ...entry, hold_seconds: null }, 1, held)).toEqual([
      'Hold 5 seconds → none',
    ]);
  });

  it('says whether a note was added, removed or changed', () => {
    expect(
      entryDifferences({ sets: 2, reps: 10, hold_seconds: null, description: 'Slowly' }, 1, item),
    ).toEqual(['Note added']);
    const noted = { ...item, description: 'Slowly' };
    expect(
      entryDifferences({ sets: 2, reps: 10, hold_seconds: null, description: '' }, 1, noted),
    ).toEqual(['Note removed']);
    expect(
      entryDifferences(
        { sets: 2, reps: 10, hold_seconds: null, description: 'Hold 5 s' },
        1,
        noted,
      ),
    ).toEqual(['Note changed']);
  });

  it('says nothing of an exercise the program does not hold, or one left as it is', () => {
    expect(
      entryDifferences({ sets: 2, reps: 10, hold_seconds: null, description: '' }, 1, undefined),
    ).toEqual([]);
    expect(
      entryDifferences({ sets: 2, reps: 10, hold_seconds: null, description: '' }, 1, item),
    ).toEqual([]);
  });
});
