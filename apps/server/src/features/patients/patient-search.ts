/**
 * How a roster search is read and ranked (GET /api/v1/patients/?search). Every match is the
 * start of a word (issue 3: names by prefix, either order; phone digits; e-mail; diagnosis), so
 * the database answers from one btree of words (patient_search_terms). The repo runs the same
 * tiers in SQL; this file is the rule, pinned by unit tests, and the integration test checks that
 * the database orders a roster exactly as `comparePatientMatches` does.
 */
import {
  compareCodePoints,
  normaliseSearchText,
  personNameColumns,
  searchTokens,
} from '../../platform/search-text';

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
  /**
   * Whether the diagnosis and its code are searched: not for a caller who may not see them
   * (permissions.ts, seesClinicalData), or a match would tell them what the diagnosis says.
   */
  clinical: boolean;
}

/**
 * A query shorter than this does not look into e-mails or diagnoses: two letters are the start
 * of a name ("ol" means Olivia), not of every diagnosis with "pain" in it.
 */
export const MIN_INNER_MATCH_LENGTH = 3;

/** Match tiers, best first. A patient matching none is not in the results. */
export const PATIENT_MATCH = {
  /** The full name, in either order. */
  exactName: 0,
  /** Every word starts a word of the name ("jo nu" → José Núñez). */
  namePrefix: 1,
  /** Phone digits anywhere in the number, or the start of a word of the e-mail address. */
  contact: 2,
  /** Every word starts a word of the diagnosis, or the query starts the ICD-10 code. */
  other: 3,
} as const;
export type PatientMatchTier = (typeof PATIENT_MATCH)[keyof typeof PATIENT_MATCH];

/** The roster's filters, besides the search. */
export interface PatientListFilter {
  status: 'active' | 'discharged' | 'all';
  /** Only patients this user treats. */
  treatedBy?: number;
  rtm?: boolean;
}

export function statusesOf(filter: PatientListFilter): ('active' | 'discharged')[] {
  return filter.status === 'all' ? ['active', 'discharged'] : [filter.status];
}

/** Reads a query; null when it holds nothing to search for. */
export function planPatientSearch(
  query: string | undefined,
  { clinical }: { clinical: boolean } = { clinical: true },
): PatientSearchPlan | null {
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
    code: clinical && /^[A-Z]\d[0-9A-Z]{0,5}$/.test(code) ? code : null,
    clinical,
  };
}

export interface SearchablePatient {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  diagnosis: string | null;
  selectedCode: string | null;
  /** The stored name columns (personNameColumns), when at hand: what the trigger reads too. */
  searchName?: string;
  sortName?: string;
}

export interface PatientSearchTerms {
  /** "first last" and "last first". */
  full: string[];
  name: string[];
  /** The address from the start of each word of its local part. */
  email: string[];
  diagnosis: string[];
  code: string[];
}

const EMAIL_WORD_SEPARATORS = new Set(['.', '_', '-', '+']);

/** Distinct non-empty parts (a module-level function: the roster cache calls this 100,000 times). */
function words(value: string, separator: RegExp): string[] {
  return [...new Set(value.split(separator))].filter(Boolean);
}

/**
 * The words a patient can be found by: the rule behind the `patients_search_terms_sync` trigger
 * (migration 0005), which stores them in patient_search_terms. Every match is the start of one.
 */
export function patientSearchTerms(patient: SearchablePatient): PatientSearchTerms {
  const { searchName, sortName } =
    patient.searchName !== undefined && patient.sortName !== undefined
      ? { searchName: patient.searchName, sortName: patient.sortName }
      : personNameColumns(patient.firstName, patient.lastName);
  const email = patient.email?.toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  const emailStarts: string[] = [];
  for (let index = 0; index < local.length; index += 1) {
    if (index === 0 || EMAIL_WORD_SEPARATORS.has(local[index - 1] ?? '')) {
      emailStarts.push(email.slice(index));
    }
  }
  return {
    full: words(`${searchName}\n${sortName}`, /\n/),
    name: words(searchName.replaceAll('-', ' '), / /),
    email: words(emailStarts.join('\n'), /\n/),
    diagnosis: words(normaliseSearchText(patient.diagnosis ?? ''), /[^a-z0-9]+/),
    code: patient.selectedCode ? [patient.selectedCode.replaceAll('.', '').toUpperCase()] : [],
  };
}

/**
 * The first string after every string that starts with `prefix`, in code point order (which is
 * UTF-8 byte order, the order of a text_pattern_ops index): a prefix match as a range. Prefixes
 * are normalised search text, which never ends in U+10FFFF (normaliseSearchText).
 */
export function nextPrefix(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return `${chars.join('')}${String.fromCodePoint(last + 1)}`;
}

const startsAny = (words: string[], token: string) => words.some((word) => word.startsWith(token));

/** The tier a patient matches the plan at, or null when it does not match. */
export function rankPatientMatch(
  plan: PatientSearchPlan,
  patient: SearchablePatient,
): PatientMatchTier | null {
  const terms = patientSearchTerms(patient);
  const inner = plan.text.length >= MIN_INNER_MATCH_LENGTH;
  if (terms.full.includes(plan.joined)) {
    return PATIENT_MATCH.exactName;
  }
  if (plan.tokens.every((token) => startsAny(terms.name, token))) {
    return PATIENT_MATCH.namePrefix;
  }
  if (
    (plan.digits !== null && (patient.phone ?? '').includes(plan.digits)) ||
    (inner && startsAny(terms.email, plan.text))
  ) {
    return PATIENT_MATCH.contact;
  }
  if (
    (plan.clinical && inner && plan.tokens.every((token) => startsAny(terms.diagnosis, token))) ||
    (plan.code !== null && startsAny(terms.code, plan.code))
  ) {
    return PATIENT_MATCH.other;
  }
  return null;
}

/**
 * Order of a search's results: tier, then last name, first name (accents ignored), then id so
 * that pages never overlap. The SQL sorts on the stored sort_name, which is this same key, in
 * code point order ("C" collation).
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
    compareCodePoints(sortKey(left), sortKey(right)) ||
    left.id - right.id
  );
}
