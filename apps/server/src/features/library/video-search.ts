/**
 * Library search: each video row carries the words of its title, body part, purpose and
 * equipment as a `tsvector` written here, so the GIN index alone answers a search and no
 * SQL repeats the normalisation rule (platform/search-text.ts, as for patients).
 */
import { searchTokens, searchWords, tsLexeme } from '../../platform/search-text';

/** What a video is found by. */
export interface SearchableVideo {
  title: string;
  bodyParts: string;
  purpose: string;
  equipment: string;
  /** What clinicians also call a catalogue exercise ("SLR", "wall sit"): found as the title is. */
  synonyms?: readonly string[];
  /** The conditions it is prescribed for ("knee replacement"), found as the body part is. */
  conditions?: readonly string[];
}

/**
 * The `search_vector` literal of a video: `n:` lexemes for its whole name and each synonym (a
 * query that is exactly one of them ranks first: "SLR" is the straight leg raise before any
 * exercise that merely mentions it), `t:` for their words, `w:` for every word (title included),
 * so a query can rank title matches first from the same index.
 */
export function videoSearchVector(video: SearchableVideo): string {
  const titleWords = searchWords([video.title, ...(video.synonyms ?? [])].join(' '));
  // Not the description: instructions name body parts in passing ("bend your knees"), so a
  // search for "knee" found most of the library and read every row's long vector to rank it
  // (issue 11 bench: 60 ms on PostgreSQL against 3-17 ms for a name or a tag).
  const otherWords = searchWords(
    [video.bodyParts, video.purpose, video.equipment, ...(video.conditions ?? [])].join(' '),
  );
  const names = [video.title, ...(video.synonyms ?? [])].map((name) => searchWords(name).join(' '));
  const entries = [
    ...new Set(names.filter(Boolean).map((name) => `n:${name}`)),
    ...new Set(titleWords.map((word) => `t:${word}`)),
    ...new Set([...titleWords, ...otherWords].map((word) => `w:${word}`)),
  ];
  return entries.map(tsLexeme).join(' ');
}

/**
 * The `tsquery` literals of a search: every word (or a word it was probably meant to be, from
 * `likely`) a prefix of some word, of a title word, and the whole search a name or synonym
 * exactly.
 */
export function videoSearchQueries(
  search: string,
  likely: ReadonlyMap<string, readonly string[]> = new Map(),
): { any: string; title: string; name: string } | null {
  const tokens = searchTokens(search);
  if (tokens.length === 0) {
    return null;
  }
  const allOf = (kind: string) =>
    tokens
      .map((token) => {
        const words = [token, ...(likely.get(token) ?? [])];
        const either = words.map((word) => `${tsLexeme(`${kind}:${word}`)}:*`).join(' | ');
        return words.length > 1 ? `(${either})` : either;
      })
      .join(' & ');
  return { any: allOf('w'), title: allOf('t'), name: tsLexeme(`n:${tokens.join(' ')}`) };
}

/** Shorter words are not corrected: "sit" is too close to "hit", "sip" and "six". */
export const MIN_CORRECTED_LENGTH = 4;
/** At most this many words a typo may have meant; more would bury the results. */
export const MAX_LIKELY_WORDS = 3;

/** How many edits a typed word may be from the word meant: one up to 6 letters, then two. */
export function allowedEdits(length: number): number {
  return length < MIN_CORRECTED_LENGTH ? 0 : length <= 6 ? 1 : 2;
}

/**
 * Edits between two words: a letter inserted, deleted, replaced, or two neighbours swapped
 * ("strech" → "stretch" is one, "hamsrting" → "hamstring" one).
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The catalogue words a search word that starts none of them was probably meant to be: the
 * closest within its allowed edits (a word two edits away is noise when one is a single edit
 * away), by the whole word or, for a word still being typed, its start; shortest first.
 */
export function likelyWords(token: string, words: readonly string[]): string[] {
  const allowed = allowedEdits(token.length);
  if (allowed === 0) {
    return [];
  }
  const scored = words.flatMap((word) => {
    const whole = editDistance(token, word);
    const start =
      token.length > MIN_CORRECTED_LENGTH && word.length > token.length
        ? editDistance(token, word.slice(0, token.length))
        : Infinity;
    const distance = Math.min(whole, start);
    return distance <= allowed ? [{ word, distance }] : [];
  });
  const closest = Math.min(...scored.map(({ distance }) => distance));
  return scored
    .filter(({ distance }) => distance === closest)
    .sort(
      (a, b) =>
        a.distance - b.distance || a.word.length - b.word.length || (a.word < b.word ? -1 : 1),
    )
    .slice(0, MAX_LIKELY_WORDS)
    .map(({ word }) => word);
}
