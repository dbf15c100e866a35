/**
 * Library search: each video row carries the words of its title, body part, purpose, equipment
 * and description as a `tsvector` written here, so the GIN index alone answers a search and no
 * SQL repeats the normalisation rule (platform/search-text.ts, as for patients).
 */
import { searchTokens, searchWords, tsLexeme } from '../../platform/search-text';

/** What a video is found by. */
export interface SearchableVideo {
  title: string;
  bodyParts: string;
  purpose: string;
  equipment: string;
  description: string;
}

/** A long description adds little to finding an exercise and a lot to the index. */
const MAX_DESCRIPTION_WORDS = 200;

/**
 * The `search_vector` literal of a video: `t:` lexemes for its title words, `w:` for every word
 * (title included), so a query can rank title matches first from the same index.
 */
export function videoSearchVector(video: SearchableVideo): string {
  const titleWords = searchWords(video.title);
  const otherWords = [
    ...searchWords(`${video.bodyParts} ${video.purpose} ${video.equipment}`),
    ...searchWords(video.description).slice(0, MAX_DESCRIPTION_WORDS),
  ];
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
