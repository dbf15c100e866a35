import { describe, expect, it } from 'vitest';
import { describeChange, lastChangeNote } from './history-format';

const state = { sets: 3, reps: 10, order: 2, description: '' };

describe('a program change in words', () => {
  it('says what an addition prescribed and what a removal took away', () => {
    expect(describeChange({ kind: 'added', before: null, after: state })).toEqual([
      '3 sets × 10 reps, place 2',
    ]);
    expect(describeChange({ kind: 'removed', before: state, after: null })).toEqual([
      'Was 3 sets × 10 reps, place 2',
    ]);
  });

  it('lists each field that changed, before → after', () => {
    expect(
      describeChange({
        kind: 'changed',
        before: state,
        after: { sets: 4, reps: 10, order: 1, description: 'Slowly' },
      }),
    ).toEqual(['Sets 3 → 4', 'Notes no notes → “Slowly”', 'Place 2 → 1']);
  });

  it('names a hold set, changed or taken away; an older change without one says nothing of it', () => {
    const held = { ...state, hold_seconds: 5 };
    expect(describeChange({ kind: 'added', before: null, after: held })).toEqual([
      '3 sets × 10 reps, hold 5 seconds, place 2',
    ]);
    expect(
      describeChange({ kind: 'changed', before: state, after: { ...state, hold_seconds: 1 } }),
    ).toEqual(['Hold none → 1 second']);
    expect(
      describeChange({ kind: 'changed', before: held, after: { ...state, hold_seconds: null } }),
    ).toEqual(['Hold 5 seconds → none']);
    expect(
      describeChange({ kind: 'changed', before: state, after: { ...state, hold_seconds: null } }),
    ).toEqual([]);
  });

  it('says what a restored item came back as', () => {
    expect(describeChange({ kind: 'restored', before: state, after: state })).toEqual([
      '3 sets × 10 reps, place 2',
    ]);
  });

  it('makes a reorder one line: the move and how many exercises it shifted', () => {
    expect(
      describeChange({
        kind: 'reordered',
        before: { ...state, order: 1 },
        after: { ...state, order: 5 },
        shifted: 4,
      }),
    ).toEqual(['Place 1 → 5', '4 other exercises shifted']);
  });
});

describe('who last changed an exercise', () => {
  const dana = { id: 7, first_name: 'Dana', last_name: 'Reyes' };
  const alex = { id: 9, first_name: 'Alex', last_name: 'Kim' };
  const day = (iso: string) => iso.slice(0, 10);
  const at = '2026-10-01T14:00:00.000Z';

  it('names the therapist of a direct change', () => {
    expect(lastChangeNote({ updated_by: dana, updated_at: at, proposed_by: null }, day)).toBe(
      'Last changed by Dana Reyes on 2026-10-01',
    );
  });

  it('names who proposed an approved change beside the supervisor who approved it', () => {
    expect(lastChangeNote({ updated_by: dana, updated_at: at, proposed_by: alex }, day)).toBe(
      'Proposed by Alex Kim · approved by Dana Reyes on 2026-10-01',
    );
  });
});
