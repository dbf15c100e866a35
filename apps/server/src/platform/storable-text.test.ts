import { describe, expect, it } from 'vitest';
import { fieldsWithUnstorableText } from './storable-text';

describe('text PostgreSQL cannot store', () => {
  it('names every field, however deep, that holds a NUL character', () => {
    expect(
      fieldsWithUnstorableText({
        first_name: 'Ann\u0000',
        last_name: 'Lee',
        log: { notes: 'ok', tags: ['a', 'b\u0000'] },
      }),
    ).toEqual(['first_name', 'log.tags.1']);
    expect(fieldsWithUnstorableText('plain \u0000')).toEqual(['body']);
  });

  it('passes every other character, accents, emoji and line breaks included', () => {
    expect(
      fieldsWithUnstorableText({ name: 'Zoë 😀', notes: 'line\nbreak\ttab', n: 3, none: null }),
    ).toEqual([]);
  });
});
