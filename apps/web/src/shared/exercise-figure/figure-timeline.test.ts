import { describe, expect, it } from 'vitest';
import { cycleSeconds, figureProgress } from './figure-timeline';

const movement = { hold: { start: 1, end: 2 }, tempo: { toEnd: 1.5, toStart: 1.5 } };

describe('figureProgress', () => {
  it('holds the start, moves to the end, holds it and moves back, then loops', () => {
    expect(cycleSeconds(movement)).toBe(6);
    expect(figureProgress(movement, 0.5)).toBe(0);
    expect(figureProgress(movement, 1.75)).toBeCloseTo(0.5, 5);
    expect(figureProgress(movement, 3)).toBe(1);
    expect(figureProgress(movement, 5.25)).toBeCloseTo(0.5, 5);
    expect(figureProgress(movement, 6.5)).toBe(0);
  });

  it('holds each end long enough to be seen even when the model holds none', () => {
    const quick = { hold: { start: 0, end: 0 }, tempo: { toEnd: 1, toStart: 1 } };
    expect(cycleSeconds(quick)).toBeCloseTo(3.2, 5);
    expect(figureProgress(quick, 0.3)).toBe(0);
    expect(figureProgress(quick, 1.8)).toBe(1);
  });
});
