/**
 * How a diagnosis search is read and ranked (GET /api/v1/icd10_codes/?search). Clinicians type a
 * code they half remember ("m54.5") or words ("low back pain", "rotator cuff right"); the closest
 * matches come first. The repo runs the same tiers in SQL; the integration test checks that the
 * database orders codes exactly as `compareIcd10Matches` does.
 */
import { normaliseSearchText } from '../../platform/search-text';

export interface Icd10SearchPlan {
  /** The words joined by single spaces. */
  phrase: string;
  /** Lower-case letters-and-digits words, at most eight. */
  words: string[];
  /** A code prefix (upper-case, no dot) when the query looks like one. */
  code: string | null;
}

/** Match tiers, best first. */
export const ICD10_MATCH = {
  exactCode: 0,
  /** Codes under the one typed (M545 → M5450, M5451, M5459). */
  codePrefix: 1,
  exactDescription: 2,
  descriptionStartsWithPhrase: 3,
  /** The phrase starts a word somewhere ("chronic low back pain"). */
  phraseAtWordStart: 4,
  /** Every word starts a word, in any order ("pain back low"). */
  allWordStarts: 5,
  /** Every word appears somewhere ("ankl fract"). */
  allWordsInside: 6,
} as const;
export type Icd10MatchTier = (typeof ICD10_MATCH)[keyof typeof ICD10_MATCH];

export function planIcd10Search(query: string | undefined): Icd10SearchPlan | null {
  const text = normaliseSearchText(query ?? '');
  const words = text
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) {
    return null;
  }
  const code = text.toUpperCase().replace('.', '');
  return {
    phrase: words.join(' '),
    words,
    code: /^[A-Z]\d[0-9A-Z]{0,5}$/.test(code) ? code : null,
  };
}

export interface Icd10Row {
  code: string;
  description: string;
  billable: boolean;
}

const startsWord = (text: string, fragment: string) => new RegExp(`\\b${fragment}`).test(text);

export function rankIcd10Match(plan: Icd10SearchPlan, row: Icd10Row): Icd10MatchTier | null {
  if (plan.code !== null) {
    if (row.code === plan.code) {
      return ICD10_MATCH.exactCode;
    }
    if (row.code.startsWith(plan.code)) {
      return ICD10_MATCH.codePrefix;
    }
  }
  const description = row.description.toLowerCase();
  if (!plan.words.every((word) => description.includes(word))) {
    return null;
  }
  if (description === plan.phrase) {
    return ICD10_MATCH.exactDescription;
  }
  if (description.startsWith(plan.phrase)) {
    return ICD10_MATCH.descriptionStartsWithPhrase;
  }
  if (startsWord(description, plan.phrase)) {
    return ICD10_MATCH.phraseAtWordStart;
  }
  if (plan.words.every((word) => startsWord(description, word))) {
    return ICD10_MATCH.allWordStarts;
  }
  return ICD10_MATCH.allWordsInside;
}

const byBytes = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/**
 * Tier first. Code matches then follow the code order (a category, then what is under it);
 * word matches put billable codes first (only they go on a claim), then shorter, more general
 * descriptions, then the code.
 */
export function compareIcd10Matches(plan: Icd10SearchPlan, left: Icd10Row, right: Icd10Row) {
  const tier = (row: Icd10Row) => rankIcd10Match(plan, row) ?? Number.POSITIVE_INFINITY;
  const leftTier = tier(left);
  const difference = leftTier - tier(right);
  if (difference !== 0) {
    return difference;
  }
  if (leftTier <= ICD10_MATCH.codePrefix) {
    return byBytes(left.code, right.code);
  }
  return (
    Number(right.billable) - Number(left.billable) ||
    left.description.length - right.description.length ||
    byBytes(left.code, right.code)
  );
}

/** M5450 → M54.50: the dot goes after the three-character category. */
export function displayIcd10Code(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}
