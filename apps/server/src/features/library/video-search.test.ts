import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  editDistance,
  likelyWords,
  videoSearchQueries,
  videoSearchVector,
} from './video-search';

describe('library search words', () => {
  it('stores the whole name and each synonym, their words, and the tags', () => {
    const vector = videoSearchVector({
      title: 'Wall squat',
      bodyParts: 'Knee and thigh',
      purpose: 'Strength',
      equipment: 'Wall',
      synonyms: ['wall sit'],
      conditions: ['Knee replacement'],
    });
    for (const lexeme of ["'n:wall squat'", "'n:wall sit'", "'t:sit'", "'w:replacement'"]) {
      expect(vector).toContain(lexeme);
    }
    expect(vector).not.toContain("'t:replacement'");
  });

  it('asks for every word by its start, or for a word it was probably meant to be', () => {
    expect(videoSearchQueries('  ')).toBeNull();
    expect(videoSearchQueries('Wall sit')).toEqual({
      any: "'w:wall':* & 'w:sit':*",
      title: "'t:wall':* & 't:sit':*",
      name: "'n:wall sit'",
    });
    expect(
      videoSearchQueries('hamstring strech', new Map([['strech', ['stretch', 'stretches']]]))?.any,
    ).toBe("'w:hamstring':* & ('w:strech':* | 'w:stretch':* | 'w:stretches':*)");
  });
});

describe('typos', () => {
  it('counts an insertion, a deletion, a replacement or two swapped neighbours as one edit', () => {
    expect(editDistance('strech', 'stretch')).toBe(1);
    expect(editDistance('stretchh', 'stretch')).toBe(1);
    expect(editDistance('strerch', 'stretch')).toBe(1);
    expect(editDistance('hamsrting', 'hamstring')).toBe(1);
    expect(editDistance('calf', 'calf')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('bridge', 'ridge')).toBe(1);
  });

  it('corrects nothing under four letters, one edit up to six, two beyond', () => {
    expect([3, 4, 6, 7, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('finds what a misspelt word meant, closest first, and what a half-typed one starts', () => {
    const words = ['stretch', 'strength', 'step', 'stand', 'standing', 'hamstring', 'straight'];
    expect(likelyWords('strech', words)).toEqual(['stretch']);
    expect(likelyWords('strenght', words)).toEqual(['strength']);
    expect(likelyWords('hamsrt', words)).toEqual(['hamstring']);
    expect(likelyWords('sit', words)).toEqual([]);
    expect(likelyWords('zzzzzz', words)).toEqual([]);
    expect(
      likelyWords('stnd', ['stand', 'stund', 'stead', 'steed', 'stan']).length,
    ).toBeLessThanOrEqual(3);
  });
});
