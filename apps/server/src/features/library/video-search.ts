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
 * The `tsquery` literals of a search: every word a prefix of some word, of a title word, and the
 * whole search a name or synonym exactly.
 */
export function videoSearchQueries(
  search: string,
): { any: string; title: string; name: string } | null {
  const tokens = searchTokens(search);
  if (tokens.length === 0) {
    return null;
  }
  const allOf = (kind: string) =>
    tokens.map((token) => `${tsLexeme(`${kind}:${token}`)}:*`).join(' & ');
  return { any: allOf('w'), title: allOf('t'), name: tsLexeme(`n:${tokens.join(' ')}`) };
}
