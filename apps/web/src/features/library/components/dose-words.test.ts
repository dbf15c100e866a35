import { describe, expect, it } from 'vitest';
import { doseInWords, holdInWords } from './dose-words';

describe('a catalogue dose in words', () => {
  it('says sets, reps, hold, times a day, days a week and side as a therapist would', () => {
    expect(
      doseInWords({
        sets: 3,
        reps: 10,
        holdSeconds: 5,
        timesPerDay: 2,
        daysPerWeek: 5,
        perSide: true,
      }),
    ).toBe('3 sets of 10, hold 5 s, twice a day, 5 days a week, each side');
  });

  it('leaves out a hold and a side that the dose does not have', () => {
    expect(doseInWords({ sets: 1, reps: 15, timesPerDay: 1, daysPerWeek: 7, perSide: false })).toBe(
      '1 set of 15, once a day, every day',
    );
  });

  it('counts a stretch without reps in holds', () => {
    expect(
      doseInWords({ sets: 3, holdSeconds: 30, timesPerDay: 3, daysPerWeek: 1, perSide: true }),
    ).toBe('3 holds of 30 s, 3 times a day, 1 day a week, each side');
    expect(
      doseInWords({ sets: 1, holdSeconds: 60, timesPerDay: 2, daysPerWeek: 6, perSide: false }),
    ).toBe('1 hold of 1 min, twice a day, 6 days a week');
  });

  it('says whole minutes as minutes and anything else in seconds', () => {
    expect(holdInWords(45)).toBe('45 s');
    expect(holdInWords(90)).toBe('90 s');
    expect(holdInWords(120)).toBe('2 min');
  });
});
