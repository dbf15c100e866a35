import { describe, expect, it } from 'vitest';
import { entryDifferences } from './entry-differences';

const item = { sets: 2, reps: 10, description: '', order: 1 };

describe('what a proposal changes in one exercise', () => {
  it('names each change, before → after', () => {
    expect(entryDifferences({ sets: 3, reps: 12, description: '' }, 1, item)).toEqual([
      'Sets 2 → 3',
      'Reps 10 → 12',
    ]);
    expect(entryDifferences({ sets: 2, reps: 10, description: '' }, 3, item)).toEqual([
      'Place 1 → 3',
    ]);
  });

  it('says whether a note was added, removed or changed', () => {
    expect(entryDifferences({ sets: 2, reps: 10, description: 'Slowly' }, 1, item)).toEqual([
      'Note added',
    ]);
    const noted = { ...item, description: 'Slowly' };
    expect(entryDifferences({ sets: 2, reps: 10, description: '' }, 1, noted)).toEqual([
      'Note removed',
    ]);
    expect(entryDifferences({ sets: 2, reps: 10, description: 'Hold 5 s' }, 1, noted)).toEqual([
      'Note changed',
    ]);
  });

  it('says nothing of an exercise the program does not hold, or one left as it is', () => {
    expect(entryDifferences({ sets: 2, reps: 10, description: '' }, 1, undefined)).toEqual([]);
    expect(entryDifferences({ sets: 2, reps: 10, description: '' }, 1, item)).toEqual([]);
  });
});
