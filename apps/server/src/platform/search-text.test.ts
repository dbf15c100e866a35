import { describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  escapeLike,
  normaliseSearchText,
  personNameColumns,
  searchTokens,
} from './search-text';

describe('normaliseSearchText', () => {
  it('drops case, accents and apostrophes so that typed and stored names meet', () => {
    expect(normaliseSearchText('  José   NÚÑEZ ')).toBe('jose nunez');
    expect(normaliseSearchText('Zoë Brontë')).toBe('zoe bronte');
    expect(normaliseSearchText("Siobhán O'Brien")).toBe('siobhan obrien');
    expect(normaliseSearchText('Łukasz Søndergaard-Straße')).toBe('lukasz sondergaard-strasse');
    expect(normaliseSearchText('Æsa Œuvre')).toBe('aesa oeuvre');
  });

  it('drops invisible characters, but reads tabs and line breaks as spaces', () => {
    expect(normaliseSearchText('jo\tnu\nez')).toBe('jo nu ez');
    expect(normaliseSearchText('a\u{10FFFF}b\u200Dc\uE000')).toBe('abc');
    expect(normaliseSearchText('\u{10FFFF}')).toBe('');
  });

  it('splits a query into at most eight words, on spaces and commas', () => {
    expect(searchTokens('Núñez, José')).toEqual(['nunez', 'jose']);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTokens('   ')).toEqual([]);
  });

  it('stores "first last" for search and "last first" for sorting', () => {
    expect(personNameColumns('José', 'Núñez')).toEqual({
      searchName: 'jose nunez',
      sortName: 'nunez jose',
    });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('compareCodePoints', () => {
  it('orders as PostgreSQL\'s "C" collation does on UTF-8, not as UTF-16 does', () => {
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
    // U+FF21 (fullwidth A) is below U+1F600 in code points, above its surrogates in UTF-16.
    expect(compareCodePoints('\uFF21', '😀')).toBeLessThan(0);
    expect('\uFF21' < '😀').toBe(false);
  });
});
