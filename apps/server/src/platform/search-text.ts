import { type SQL, sql } from 'drizzle-orm';

/**
 * Text normalisation for search, done in TypeScript because PostgreSQL's unaccent() is not
 * immutable (it cannot back an index) and is not installed everywhere. Stored search words and
 * queries both go through `searchWords`, so "José Núñez", "jose nunez" and "JOSÉ" meet, on every
 * engine, whatever the text: there is no second copy of the rule in SQL.
 */

/** Letters compatibility decomposition does not split into a base letter and a mark. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ĸ: 'k',
  þ: 'th',
  ı: 'i',
  ŋ: 'n',
  // Upper-casing and lower-casing again turns a word-final σ into ς: both are one letter.
  ς: 'σ',
};
const FOLD_PATTERN = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');

/**
 * Decomposed (compatibility forms too: ligatures, full-width letters), without marks. The Greek
 * iota subscript is a mark that capitals spell as a letter (ᾳ → ΑΙ), so it is kept as that letter.
 */
function withoutMarks(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\u0345/g, 'ι')
    .replace(/\p{M}+/gu, '');
}

/**
 * Lower-case, accents stripped, apostrophes and invisible characters dropped, runs of spaces
 * collapsed, trimmed. Idempotent (a unit test checks every code point): a stored word typed
 * back as it is stored finds itself.
 */
export function normaliseSearchText(value: string): string {
  // Lower-casing can make a letter that decomposes again (U+0130 → i + combining dot), and a
  // compatibility form can decompose to capitals (U+3392 → MHz): hence the second pass.
  return (
    withoutMarks(withoutMarks(value).toLowerCase())
      .toLowerCase()
      .replace(FOLD_PATTERN, (letter) => FOLDS[letter] ?? letter)
      .replace(/['’`]/g, '')
      .replace(/\s+/g, ' ')
      // Controls, format marks, lone surrogates, private-use and unassigned code points: nothing
      // a name is typed with.
      .replace(/\p{C}+/gu, '')
      .trim()
  );
}

/** A longer word is stored and searched by its start: the index keeps words short. */
export const MAX_SEARCH_WORD_LENGTH = 48;

/**
 * The words of a text, for search: normalised, split on anything but letters and digits
 * ("Mary-Jane", "knee/hip", "Núñez, José"), each at most MAX_SEARCH_WORD_LENGTH code points.
 */
export function searchWords(value: string): string[] {
  return normaliseSearchText(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) =>
      word.length > MAX_SEARCH_WORD_LENGTH
        ? [...word].slice(0, MAX_SEARCH_WORD_LENGTH).join('')
        : word,
    );
}

/** The words of a query, at most eight (a longer query is not a name). */
export function searchTokens(value: string): string[] {
  return searchWords(value).slice(0, 8);
}

/**
 * The stored search and sort columns of a person: `search_name` is the words of "first last",
 * `sort_name` of "last first", joined by single spaces; sorting on the latter orders Á with A
 * on every engine, and a query's words joined the same way equal one of them exactly.
 */
export function personNameColumns(
  firstName: string,
  lastName: string,
): { searchName: string; sortName: string } {
  return {
    searchName: searchWords(`${firstName} ${lastName}`).join(' '),
    sortName: searchWords(`${lastName} ${firstName}`).join(' '),
  };
}

/** A lexeme of a `tsvector` or `tsquery` literal: quoted, with quotes and backslashes doubled. */
export function tsLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * Every query word starts a word of a stored name (`search_name`: searchWords joined by single
 * spaces), in any order, so "nun jo" finds José Núñez. A token is letters and digits only
 * (searchTokens), so it holds no LIKE wildcard.
 */
export function everyWordStartsName(searchName: SQL, tokens: readonly string[]): SQL {
  return sql.join(
    tokens.map((token) => sql`(' ' || ${searchName}) like ${`% ${token}%`}`),
    sql` and `,
  );
}

/** `%`, `_` and `\` as letters in a LIKE pattern, not wildcards (the escape is `\`, the default). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
