import { describe, expect, it } from 'vitest';
import {
  ICD10_MATCH,
  type Icd10Row,
  compareIcd10Matches,
  displayIcd10Code,
  planIcd10Search,
  rankIcd10Match,
} from './icd10-search';

const codes: Icd10Row[] = [
  { code: 'M545', description: 'Low back pain', billable: false },
  { code: 'M5450', description: 'Low back pain, unspecified', billable: true },
  { code: 'M5451', description: 'Vertebrogenic low back pain', billable: true },
  { code: 'M5459', description: 'Other low back pain', billable: true },
  { code: 'M54', description: 'Dorsalgia', billable: false },
  { code: 'M542', description: 'Cervicalgia', billable: true },
  {
    code: 'O99891',
    description: 'Other specified diseases and conditions complicating pregnancy',
    billable: true,
  },
  { code: 'M25551', description: 'Pain in right hip', billable: true },
  { code: 'G8929', description: 'Other chronic pain', billable: true },
];

function search(query: string): string[] {
  const plan = planIcd10Search(query);
  if (!plan) {
    return [];
  }
  return codes
    .filter((row) => rankIcd10Match(plan, row) !== null)
    .sort((a, b) => compareIcd10Matches(plan, a, b))
    .map((row) => row.code);
}

describe('reading a diagnosis search', () => {
  it('splits words on punctuation and reads code prefixes', () => {
    expect(planIcd10Search('Low-back pain,')).toEqual({
      phrase: 'low back pain',
      words: ['low', 'back', 'pain'],
      code: null,
    });
    expect(planIcd10Search('m54.5')?.code).toBe('M545');
    expect(planIcd10Search(' ')).toBeNull();
  });

  it('writes codes with their dot', () => {
    expect(displayIcd10Code('M5450')).toBe('M54.50');
    expect(displayIcd10Code('M54')).toBe('M54');
    expect(displayIcd10Code('S134XXD')).toBe('S13.4XXD');
  });
});

describe('ranking diagnosis codes', () => {
  it('puts the typed code first, then the codes under it in code order', () => {
    expect(search('M54.5')).toEqual(['M545', 'M5450', 'M5451', 'M5459']);
    expect(search('m54')).toEqual(['M54', 'M542', 'M545', 'M5450', 'M5451', 'M5459']);
  });

  it('ranks the exact words, then descriptions starting with them, then the phrase inside', () => {
    expect(search('low back pain')).toEqual(['M545', 'M5450', 'M5459', 'M5451']);
    const plan = planIcd10Search('low back pain');
    if (!plan) {
      throw new Error('blank');
    }
    expect(rankIcd10Match(plan, codes[0] as Icd10Row)).toBe(ICD10_MATCH.exactDescription);
    expect(rankIcd10Match(plan, codes[1] as Icd10Row)).toBe(
      ICD10_MATCH.descriptionStartsWithPhrase,
    );
    expect(rankIcd10Match(plan, codes[2] as Icd10Row)).toBe(ICD10_MATCH.phraseAtWordStart);
  });

  it('matches words in any order, word starts before fragments, billable and shorter first', () => {
    // "pain right" starts words of "Pain in right hip" only; "ain" is inside many.
    expect(search('right pain')).toEqual(['M25551']);
    // Starts with "pain", then "pain" starting a word: billable first, shorter first.
    expect(search('pain')).toEqual(['M25551', 'G8929', 'M5459', 'M5450', 'M5451', 'M545']);
    const plan = planIcd10Search('ain');
    if (!plan) {
      throw new Error('blank');
    }
    expect(rankIcd10Match(plan, codes[7] as Icd10Row)).toBe(ICD10_MATCH.allWordsInside);
  });

  it('finds nothing for words that are not all there', () => {
    expect(search('back knee')).toEqual([]);
  });
});
