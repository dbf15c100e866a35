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
}

/**
 * The `search_vector` literal of a video: `t:` lexemes for its title words, `w:` for every word
 * (title included), so a query can rank title matches first from the same index.
 */
export function videoSearchVector(video: SearchableVideo): string {
  const titleWords = searchWords(video.title);
  // Not the description: instructions name body parts in passing ("bend your knees"), so a
  // search for "knee" found most of the library and read every row's long vector to rank it
  // (issue 11 bench: 60 ms on PostgreSQL against 3-17 ms for a name or a tag).
  const otherWords = searchWords(`${video.bodyParts} ${video.purpose} ${video.equipment}`);
  const entries = [
    ...new Set(titleWords.map((word) => `t:${word}`)),
    ...new Set([...titleWords, ...otherWords].map((word) => `w:${word}`)),
  ];
  return entries.map(tsLexeme).join(' ');
}

/** The `tsquery` literals of a search: every word a prefix of some word, and of a title word. */
export function videoSearchQueries(search: string): { any: string; title: string } | null {
  const tokens = searchTokens(search);
  if (tokens.length === 0) {
    return null;
  }
  const allOf = (kind: string) =>
    tokens.map((token) => `${tsLexeme(`${kind}:${token}`)}:*`).join(' & ');
  return { any: allOf('w'), title: allOf('t') };
}
