/**
 * How a roster search is read and ranked (GET /api/v1/patients/?search). The repo runs the same
 * tiers in SQL; this file is the rule, pinned by unit tests, and the integration test checks that
 * the database orders a roster exactly as `comparePatientMatches` does.
 */
import { normaliseSearchText, searchTokens } from '../../platform/search-text';

export interface PatientSearchPlan {
  /** The whole query, normalised (e-mail and diagnosis are matched against it). */
  text: string;
  /** Name words, normalised. */
  tokens: string[];
  /** The tokens joined by one space: compared with "first last" and "last first". */
  joined: string;
  /** Phone digits, when the query is a number of at least 3 digits and no letters. */
  digits: string | null;
  /** An ICD-10-CM code prefix (`M54`, `m54.5`), upper-case without the dot. */
  code: string | null;
}

/**
 * A word shorter than this only matches the start of a name word, and a query shorter than this
 * does not look inside e-mails or diagnoses: "ol" means Olivia, not Nicole, and this is what
 * lets every branch of the SQL use an index (a trigram needs three letters).
 */
export const MIN_INNER_MATCH_LENGTH = 3;

/** Match tiers, best first. A patient matching none is not in the results. */
export const PATIENT_MATCH = {
  /** The full name, in either order. */
  exactName: 0,
  /** Every word starts a word of the name ("jo nu" → José Núñez). */
  namePrefix: 1,
  /** Phone digits, or the start of the e-mail address. */
  contact: 2,
  /** Every word appears inside the name ("son" → Johnson); short words start a word. */
  namePart: 3,
  /** Inside the e-mail or the diagnosis words (3+ characters), or the start of the ICD-10 code. */
  other: 4,
} as const;
export type PatientMatchTier = (typeof PATIENT_MATCH)[keyof typeof PATIENT_MATCH];

/** Reads a query; null when it holds nothing to search for. */
export function planPatientSearch(query: string | undefined): PatientSearchPlan | null {
  const text = normaliseSearchText(query ?? '');
  const tokens = searchTokens(text);
  if (text === '' || tokens.length === 0) {
    return null;
  }
  const digitsOnly = text.replace(/\D/g, '');
  const code = text.toUpperCase().replace('.', '');
  return {
    text,
    tokens,
    joined: tokens.join(' '),
    digits: !/\p{L}/u.test(text) && digitsOnly.length >= 3 ? digitsOnly : null,
    code: /^[A-Z]\d[0-9A-Z]{0,5}$/.test(code) ? code : null,
  };
}

export interface SearchablePatient {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  diagnosis: string | null;
  selectedCode: string | null;
}

/** Name words start after a space or a hyphen ("Smith-Jones" has the word "jones"). */
function wordStarts(name: string, token: string): boolean {
  return ` ${name.replaceAll('-', ' ')}`.includes(` ${token}`);
}

/** The tier a patient matches the plan at, or null when it does not match. */
export function rankPatientMatch(
  plan: PatientSearchPlan,
  patient: SearchablePatient,
): PatientMatchTier | null {
  const name = normaliseSearchText(`${patient.firstName} ${patient.lastName}`);
  const reversed = normaliseSearchText(`${patient.lastName} ${patient.firstName}`);
  const email = patient.email?.toLowerCase() ?? '';
  const inner = plan.text.length >= MIN_INNER_MATCH_LENGTH;
  if (plan.joined === name || plan.joined === reversed) {
    return PATIENT_MATCH.exactName;
  }
  if (plan.tokens.every((token) => wordStarts(name, token))) {
    return PATIENT_MATCH.namePrefix;
  }
  if (
    (plan.digits !== null && (patient.phone ?? '').includes(plan.digits)) ||
    (inner && email !== '' && email.startsWith(plan.text))
  ) {
    return PATIENT_MATCH.contact;
  }
  if (
    plan.tokens.every((token) =>
      token.length >= MIN_INNER_MATCH_LENGTH ? name.includes(token) : wordStarts(name, token),
    )
  ) {
    return PATIENT_MATCH.namePart;
  }
  if (
    (inner && email !== '' && email.includes(plan.text)) ||
    (inner && (patient.diagnosis ?? '').toLowerCase().includes(plan.text)) ||
    (plan.code !== null && (patient.selectedCode ?? '').startsWith(plan.code))
  ) {
    return PATIENT_MATCH.other;
  }
  return null;
}

/**
 * Order of a search's results: tier, then last name, first name (accents ignored), then id so
 * that pages never overlap. The SQL sorts on the stored sort_name, which is this same key.
 */
export function comparePatientMatches<T extends SearchablePatient & { id: number }>(
  plan: PatientSearchPlan,
  left: T,
  right: T,
): number {
  const tierOf = (patient: T) => rankPatientMatch(plan, patient) ?? Number.POSITIVE_INFINITY;
  const sortKey = (patient: T) => normaliseSearchText(`${patient.lastName} ${patient.firstName}`);
  return (
    tierOf(left) - tierOf(right) ||
    (sortKey(left) < sortKey(right) ? -1 : sortKey(left) > sortKey(right) ? 1 : 0) ||
    left.id - right.id
  );
}
