import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_WORD_LENGTH,
  escapeLike,
  normaliseSearchText,
  personNameColumns,
  searchTokens,
  searchWords,
} from './search-text';

describe('normaliseSearchText', () => {
  it('drops case, accents and apostrophes so that typed and stored names meet', () => {
    expect(normaliseSearchText('  José   NÚÑEZ ')).toBe('jose nunez');
    expect(normaliseSearchText('Zoë Brontë')).toBe('zoe bronte');
    expect(normaliseSearchText("Siobhán O'Brien")).toBe('siobhan obrien');
    expect(normaliseSearchText('Łukasz Søndergaard-Straße')).toBe('lukasz sondergaard-strasse');
    expect(normaliseSearchText('Æsa Œuvre Čapek Đorđe')).toBe('aesa oeuvre capek dorde');
    expect(normaliseSearchText('ẞ İpek ﬁnn ＡＢＣ ㎒')).toBe('ss ipek finn abc mhz');
    expect(normaliseSearchText('ΟΔΥΣΣΕΑΣ')).toBe(normaliseSearchText('οδυσσεασ'));
  });

  it('drops invisible characters, but reads tabs and line breaks as spaces', () => {
    expect(normaliseSearchText('jo\tnu\nez')).toBe('jo nu ez');
    expect(normaliseSearchText('a\u{10FFFF}b\u200Dc\uE000')).toBe('abc');
    expect(normaliseSearchText('\u{10FFFF}')).toBe('');
  });

  it('is idempotent for every assigned code point, alone and in capitals: a stored word finds itself', () => {
    // Unassigned and private-use code points, six in seven of them, go as a whole (\p{C}, as the
    // test above shows); going through them one by one took ten seconds of the suite.
    const dropped = /^[\p{Cn}\p{Co}]$/u;
    const broken: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      const char = String.fromCodePoint(code);
      if ((code >= 0xd800 && code <= 0xdfff) || dropped.test(char)) {
        continue;
      }
      const once = normaliseSearchText(char);
      if (
        normaliseSearchText(once) !== once ||
        normaliseSearchText(char.toUpperCase()) !== normaliseSearchText(once.toUpperCase())
      ) {
        broken.push(`U+${code.toString(16).toUpperCase()}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('searchWords', () => {
  it('splits on anything but letters and digits, in any script', () => {
    expect(searchWords('Mary-Jane Smith')).toEqual(['mary', 'jane', 'smith']);
    expect(searchWords('Knee/hip pain, L4–L5')).toEqual(['knee', 'hip', 'pain', 'l4', 'l5']);
    expect(searchWords('Фёдор Достоевский')).toEqual(['федор', 'достоевскии']);
    expect(searchWords('山田 太郎')).toEqual(['山田', '太郎']);
  });

  it('keeps a word to its first MAX_SEARCH_WORD_LENGTH code points', () => {
    const [word] = searchWords('😀'.repeat(3) + 'a'.repeat(100));
    expect(word).toBe('a'.repeat(MAX_SEARCH_WORD_LENGTH));
    const [long] = searchWords('ж'.repeat(100));
    expect([...(long ?? '')]).toHaveLength(MAX_SEARCH_WORD_LENGTH);
  });

  it('reads at most eight words of a query', () => {
    expect(searchTokens('Núñez, José')).toEqual(['nunez', 'jose']);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTokens('   ')).toEqual([]);
  });

  it('stores the words of "first last" for search and of "last first" for sorting', () => {
    expect(personNameColumns('José', 'Núñez-Smith')).toEqual({
      searchName: 'jose nunez smith',
      sortName: 'nunez smith jose',
    });
  });
});

describe('escapeLike', () => {
  it('makes %, _ and \\ letters of a LIKE pattern and leaves the rest', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('Núñez')).toBe('Núñez');
  });
});
