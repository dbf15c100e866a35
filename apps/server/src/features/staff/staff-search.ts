/**
 * How the staff list is searched (GET /clinic/therapist?search): every word of the query starts a
 * word of the name, in either order, or the whole query is inside the e-mail address. The name's
 * words are stored on the account (`users.search_name`, accountSearchColumns) by the patients'
 * normaliser (platform/search-text.ts); the query goes through it too, so SQL repeats no rule.
 */
import { normaliseSearchText, searchTokens } from '../../platform/search-text';

export interface StaffSearch {
  /** The query's words, normalised: letters and digits only, so none is a LIKE wildcard. */
  tokens: string[];
  /** The whole query, normalised: matched inside the e-mail address. */
  contact: string;
}

/** Reads a query; null when it holds no word to look for, and then every member is listed. */
export function planStaffSearch(query: string | undefined): StaffSearch | null {
  const tokens = searchTokens(query ?? '');
  return tokens.length === 0 ? null : { tokens, contact: normaliseSearchText(query ?? '') };
}
