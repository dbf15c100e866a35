import { describe, expect, it } from 'vitest';
import { col } from './sql-rows';

describe('reading a raw row the same from both engines', () => {
  it('reads bigint and numeric (strings from node-postgres) and ints as numbers', () => {
    const row = { count: '12', avg: '3.5', n: 7 };
    expect([col.number(row, 'count'), col.number(row, 'avg'), col.number(row, 'n')]).toEqual([
      12, 3.5, 7,
    ]);
    expect(() => col.number({ n: 'many' }, 'n')).toThrow('Column n: expected a number, got string');
  });

  it('reads a timestamp given as a Date or as its text as a Date', () => {
    const at = new Date('2026-11-10T12:00:00.000Z');
    expect(col.date({ at }, 'at')).toBe(at);
    expect(col.date({ at: '2026-11-10 12:00:00+00' }, 'at')).toEqual(at);
    expect(() => col.date({ at: 'soon' }, 'at')).toThrow('expected a timestamp');
  });

  it('lets SQL null through only where the reader says so', () => {
    expect(col.dateOrNull({ at: null }, 'at')).toBeNull();
    expect(col.numberOrNull({}, 'n')).toBeNull();
    expect(() => col.string({ name: null }, 'name')).toThrow('expected a string, got object');
  });

  it('checks arrays and closed sets item by item', () => {
    expect(col.numbers({ ids: [1, 2] }, 'ids')).toEqual([1, 2]);
    expect(() => col.numbers({ ids: [1, '2'] }, 'ids')).toThrow('an array of numbers');
    expect(col.oneOf({ kind: 'support' }, 'kind', ['patient', 'support'])).toBe('support');
    expect(() => col.oneOf({ kind: 'other' }, 'kind', ['patient', 'support'])).toThrow(
      'one of patient, support',
    );
    expect(col.oneOfOrNull({ kind: null }, 'kind', ['patient'])).toBeNull();
  });
});
