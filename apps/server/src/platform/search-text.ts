/**
 * Text normalisation for search, done in TypeScript because PostgreSQL's unaccent() is not
 * immutable (it cannot back an index) and is not installed everywhere. Stored search columns and
 * queries both go through `normaliseSearchText`, so "José Núñez", "jose nunez" and "JOSÉ" meet.
 */

/** Letters NFD does not split into a base letter and a mark. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const FOLD_PATTERN = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');

/**
 * Lower-case, accents stripped, apostrophes and invisible characters dropped, runs of spaces
 * collapsed, trimmed.
 */
export function normaliseSearchText(value: string): string {
  return (
    value
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(FOLD_PATTERN, (letter) => FOLDS[letter] ?? letter)
      .replace(/['’`]/g, '')
      .replace(/\s+/g, ' ')
      // Controls, format marks, lone surrogates, private-use and unassigned code points: nothing a
      // name is typed with, and U+10FFFF would have no successor for a prefix range (nextPrefix).
      .replace(/\p{C}+/gu, '')
      .trim()
  );
}

/**
 * The words of a query: normalised, split on spaces and on punctuation people put between
 * names ("Núñez, José"), at most eight (a longer query is not a name).
 */
export function searchTokens(value: string): string[] {
  return normaliseSearchText(value)
    .split(/[\s,;]+/)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The stored search and sort columns of a person: `search_name` is "first last", `sort_name`
 * "last first", both normalised; sorting on the latter orders Á with A on every engine.
 */
export function personNameColumns(
  firstName: string,
  lastName: string,
): { searchName: string; sortName: string } {
  return {
    searchName: normaliseSearchText(`${firstName} ${lastName}`),
    sortName: normaliseSearchText(`${lastName} ${firstName}`),
  };
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself (PostgreSQL's default `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

/** Code point order: PostgreSQL's "C" collation on UTF-8, where JavaScript's `<` is UTF-16's. */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) {
      if (isSurrogate(a) !== isSurrogate(b)) {
        // A surrogate pair is a code point above U+FFFF: after every other BMP character.
        return isSurrogate(a) ? 1 : -1;
      }
      return a - b;
    }
  }
  return left.length - right.length;
}
