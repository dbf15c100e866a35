import { describe, expect, it } from 'vitest';
import { countSentences, countSyllables, fleschKincaidGrade } from './reading-level';

describe('countSyllables', () => {
  it('counts the syllables of plain words as a dictionary does', () => {
    const dictionary: Record<string, number> = {
      lie: 1,
      back: 1,
      slide: 1,
      slowly: 2,
      tighten: 2,
      table: 2,
      lifted: 2,
      rests: 1,
      squeeze: 1,
      muscles: 2,
      knee: 1,
      position: 3,
      exercise: 3,
      relax: 2,
      straighten: 2,
      shoulder: 2,
      repeat: 2,
      comfortable: 4,
      ankle: 2,
      usual: 3,
      video: 3,
      region: 2,
      special: 2,
    };
    for (const [word, syllables] of Object.entries(dictionary)) {
      expect(countSyllables(word), word).toBe(syllables);
    }
  });

  it('gives a word at least one syllable and punctuation none', () => {
    expect(countSyllables('the')).toBe(1);
    expect(countSyllables('—')).toBe(0);
  });
});

describe('fleschKincaidGrade', () => {
  it('grades short plain instructions low and clinical prose high', () => {
    const plain =
      'Lie on your back.\nBend one knee.\nTighten your thigh and lift the straight leg.';
    const clinical =
      'Perform isometric quadriceps contraction with the tibiofemoral joint maintained in terminal extension, progressing repetitions according to symptomatic tolerance.';
    expect(fleschKincaidGrade(plain)).toBeLessThan(4);
    expect(fleschKincaidGrade(clinical)).toBeGreaterThan(14);
  });

  it('counts each line and each full stop as a sentence', () => {
    expect(countSentences('One. Two!\nThree')).toBe(3);
    expect(fleschKincaidGrade('')).toBe(0);
  });
});
