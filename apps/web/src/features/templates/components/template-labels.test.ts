import { describe, expect, it } from 'vitest';
import { conditionPhaseLabel, doseLabel, sourceLabel } from './template-labels';

describe('template labels', () => {
  it('name the condition and phase, the dose and whose template it is', () => {
    expect(conditionPhaseLabel({ condition: 'knee-replacement', phase: 'early' })).toBe(
      'Knee replacement · Early phase',
    );
    expect(doseLabel({ sets: 3, reps: 10, hold_seconds: null })).toBe('3 × 10');
    expect(doseLabel({ sets: 2, reps: 1, hold_seconds: 30 })).toBe('2 × 1, hold 30 s');
    expect(sourceLabel({ source: 'shipped', author: null })).toBe('Shipped with Homestretch');
    expect(
      sourceLabel({ source: 'clinic', author: { id: 1, first_name: 'Dana', last_name: 'Lee' } }),
    ).toBe('Your clinic · Dana Lee');
  });
});
