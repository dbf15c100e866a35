import { describe, expect, it } from 'vitest';
import { entryErrorField, parseEntryValue, withEntry } from './functional-entries';

describe('withEntry', () => {
  const series = [
    { date: '2026-03-02', value: 90 },
    { date: '2026-03-09', value: 95 },
  ];

  it('inserts in date order', () => {
    expect(withEntry(series, { date: '2026-03-05', value: 92 })).toEqual([
      { date: '2026-03-02', value: 90 },
      { date: '2026-03-05', value: 92 },
      { date: '2026-03-09', value: 95 },
    ]);
  });

  it('replaces the value of a date already measured', () => {
    expect(withEntry(series, { date: '2026-03-09', value: 100 })).toEqual([
      { date: '2026-03-02', value: 90 },
      { date: '2026-03-09', value: 100 },
    ]);
  });
});

describe('entryErrorField', () => {
  it("puts any entry's value or date error on the form's one value or date field", () => {
    expect(entryErrorField(['name'])).toBe('name');
    expect(entryErrorField(['entries', '2', 'date'])).toBe('date');
    expect(entryErrorField(['entries', '2', 'value'])).toBe('value');
    expect(entryErrorField(['entries'])).toBe('value');
  });
});

describe('parseEntryValue', () => {
  it('reads numbers, a decimal comma too, and refuses the rest', () => {
    expect(parseEntryValue(' 95 ')).toBe(95);
    expect(parseEntryValue('12,5')).toBe(12.5);
    expect(parseEntryValue('-3')).toBe(-3);
    expect(parseEntryValue('')).toBeNull();
    expect(parseEntryValue('abc')).toBeNull();
  });
});
