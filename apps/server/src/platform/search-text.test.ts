import { describe, expect, it } from 'vitest';
import { escapeLike, normaliseSearchText, personNameColumns, searchTokens } from './search-text';

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
