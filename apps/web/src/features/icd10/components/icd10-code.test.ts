import { describe, expect, it } from 'vitest';
import { displayIcd10Code } from './icd10-code';

describe('displayIcd10Code', () => {
  it('puts the dot after the category', () => {
    expect(displayIcd10Code('M5450')).toBe('M54.50');
    expect(displayIcd10Code('S83511A')).toBe('S83.511A');
    expect(displayIcd10Code('m17.11')).toBe('M17.11');
  });

  it('leaves a three-character category alone', () => {
    expect(displayIcd10Code('R52')).toBe('R52');
  });
});
