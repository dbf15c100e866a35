/**
 * How a roster search is stored, read and ranked (GET /api/v1/patients/?search). Every match is
 * the start of a word: names by prefix in either order, phone digits, the start of a word of the
 * e-mail, diagnosis words, the ICD-10 code. Each patient row carries its words as a `tsvector`
 * (`search_vector`, one GIN index), written from `patientSearchColumns` below; a query becomes
 * `tsquery`s from `patientSearchQueries`. Both sides use the same words (platform/search-text.ts),
 * so PostgreSQL and PGlite answer alike and no rule is repeated in SQL.
 *
 * Each word is stored under its kind and clinic, as `<kind><clinic id>:<word>` ("n17:smith"):
 * kinds `f` the full name in either order, `n` a name word, `c` contact (e-mail word starts,
 * runs of phone digits), `d` a diagnosis word, `i` the ICD-10 code. Both are part of the lexeme
 * (not a tsvector weight, not a second index column) so that the GIN index alone finds one
 * clinic's names starting "smi": weights are checked on the table row, and a clinic column in
 * the index is intersected with every clinic's matches (bench/search-designs.ts measured both).
 */
import type { PatientStatus } from '@homestretch/contract/common/enums';
import type { RosterStatusFilter } from '@homestretch/contract/patients/list-patients';
import {
  normaliseSearchText,
  personNameColumns,
  searchTokens,
  searchWords,
  tsLexeme,
} from '../../platform/search-text';

export interface PatientSearchPlan {
  /** The query's words, normalised. */
  tokens: string[];
  /** The whole query, normalised, without spaces: matched against e-mail word starts. */
  contact: string | null;
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

/** Fewest digits read as a phone number, and so the shortest digit run stored. */
const MIN_PHONE_DIGITS = 3;

/** Match tiers, best first, in the order the repo reads them. */
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
  status: RosterStatusFilter;
  /** Only patients this user treats. */
  treatedBy?: number;
  /** Only the patients of this supervisor's team (patient-directory.ts supervisedBy). */
  supervisedBy?: number;
  rtm?: boolean;
}

export function statusesOf(filter: PatientListFilter): Exclude<PatientStatus, 'removed'>[] {
  return filter.status === 'all' ? ['active', 'discharged'] : [filter.status];
}

const normaliseCode = (code: string) => code.toUpperCase().replaceAll('.', '');

/** Reads a query; null when it holds nothing to search for. */
export function planPatientSearch(
  query: string | undefined,
  { clinical }: { clinical: boolean } = { clinical: true },
): PatientSearchPlan | null {
  const tokens = searchTokens(query ?? '');
  if (tokens.length === 0) {
    return null;
  }
  const raw = (query ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  const code = normaliseCode(raw);
  const address = emailText(raw);
  return {
    tokens,
    contact: address.length >= MIN_INNER_MATCH_LENGTH && !/\s/.test(raw) ? address : null,
    digits: !/\p{L}/u.test(raw) && digits.length >= MIN_PHONE_DIGITS ? digits : null,
    code: clinical && /^[A-Z]\d[0-9A-Z]{0,5}$/.test(code) ? code : null,
    clinical,
  };
}

export interface SearchablePatient {
  clinicId: number;
  firstName: string;
  lastName: string;
  phone?: string | null;
  email?: string | null;
  diagnosis?: string | null;
  selectedCode?: string | null;
}

const EMAIL_WORD_SEPARATORS = new Set(['.', '_', '-', '+']);

/** Longest stored start of an e-mail address: enough to tell any two apart. */
const MAX_EMAIL_WORD_LENGTH = 64;

/** An address (or what is typed of one) as stored: lower-case, accents folded, no spaces. */
function emailText(value: string): string {
  const folded = normaliseSearchText(value).replace(/ /g, '');
  return [...folded].slice(0, MAX_EMAIL_WORD_LENGTH).join('');
}

/** An e-mail address from the start of each word of its local part: "okafor@" finds maya.okafor@…. */
function emailAddressWords(email: string): string[] {
  const address = normaliseSearchText(email).replace(/ /g, '');
  const local = address.split('@')[0] ?? '';
  const starts: string[] = [];
  for (let index = 0; index < local.length; index += 1) {
    const previous = local[index - 1];
    if (
      previous === undefined ||
      (EMAIL_WORD_SEPARATORS.has(previous) && !EMAIL_WORD_SEPARATORS.has(local[index] ?? ''))
    ) {
      starts.push(emailText(address.slice(index)));
    }
  }
  return starts;
}

/** Every run of the number's digits that ends it: "4567" and "5551234567" find +1 555 123 4567. */
function phoneDigitWords(phone: string | null | undefined): string[] {
  const digits = (phone ?? '').replace(/\D/g, '');
  const runs: string[] = [];
  for (let start = 0; start + MIN_PHONE_DIGITS <= digits.length; start += 1) {
    runs.push(digits.slice(start));
  }
  return runs;
}

/** The kinds of word, each a prefix of its lexemes (see the top of this file). */
type Kind = 'f' | 'n' | 'c' | 'd' | 'i';

const kindLexeme = (kind: Kind, clinicId: number, word: string) =>
  tsLexeme(`${kind}${clinicId}:${word}`);

const MAX_FULL_NAME_BYTES = 1_024;

/**
 * The stored search columns of a patient: the name columns (personNameColumns) and the
 * `search_vector` literal. Every write of a name, phone, e-mail, diagnosis or code writes these
 * (patients.repo.ts), and so does everything else that inserts patients (seed, tests, bench).
 */
export function patientSearchColumns(patient: SearchablePatient): {
  searchName: string;
  sortName: string;
  searchVector: string;
} {
  const names = personNameColumns(patient.firstName, patient.lastName);
  // A lexeme holds at most 2,047 bytes; a full name past that is still found by its words.
  const fullForms = [names.searchName, names.sortName].filter(
    (form) => Buffer.byteLength(form) <= MAX_FULL_NAME_BYTES,
  );
  const words: [Kind, string[]][] = [
    ['f', fullForms],
    ['n', searchWords(`${patient.firstName} ${patient.lastName}`)],
    ['c', [...emailAddressWords(patient.email ?? ''), ...phoneDigitWords(patient.phone)]],
    ['d', searchWords(patient.diagnosis ?? '')],
    ['i', patient.selectedCode ? [normaliseCode(patient.selectedCode)] : []],
  ];
  const entries = words.flatMap(([kind, list]) =>
    [...new Set(list)].filter(Boolean).map((word) => kindLexeme(kind, patient.clinicId, word)),
  );
  return { ...names, searchVector: entries.join(' ') };
}

const allOf = (parts: string[]) => (parts.length > 0 ? `(${parts.join(' & ')})` : null);
const anyOf = (parts: (string | null)[]) => {
  const kept = parts.filter((part): part is string => part !== null);
  return kept.length > 0 ? kept.join(' | ') : null;
};

/** A tier's `tsquery` literal, or null when the query cannot match at that tier. */
export type PatientSearchQueries = Record<keyof typeof PATIENT_MATCH, string | null>;

/** What a registration is compared on to find the patients it may duplicate. */
export interface DuplicateProbe {
  clinicId: number;
  firstName: string;
  lastName: string;
  birthday?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

/**
 * The stored words a likely duplicate shares with `probe`: its full name (only with a birthday,
 * which the caller compares too), its whole phone number or its whole e-mail address. The GIN
 * index finds the few candidates; the repo compares the fields themselves. Null when there is
 * nothing to compare.
 */
export function duplicateCandidatesQuery(probe: DuplicateProbe): string | null {
  const { searchName } = personNameColumns(probe.firstName, probe.lastName);
  const [allDigits] = phoneDigitWords(probe.phone);
  return anyOf([
    probe.birthday && searchName ? kindLexeme('f', probe.clinicId, searchName) : null,
    allDigits ? kindLexeme('c', probe.clinicId, allDigits) : null,
    probe.email ? kindLexeme('c', probe.clinicId, emailText(probe.email)) : null,
  ]);
}

/**
 * The `tsquery` of each tier in one clinic: what a patient's `search_vector` must match to rank
 * there.
 */
export function patientSearchQueries(
  plan: PatientSearchPlan,
  clinicId: number,
): PatientSearchQueries {
  const inner = plan.tokens.join('').length >= MIN_INNER_MATCH_LENGTH;
  const prefixOf = (kind: Kind, word: string) => `${kindLexeme(kind, clinicId, word)}:*`;
  return {
    exactName: kindLexeme('f', clinicId, plan.tokens.join(' ')),
    namePrefix: allOf(plan.tokens.map((token) => prefixOf('n', token))),
    contact: anyOf([
      plan.digits === null ? null : prefixOf('c', plan.digits),
      plan.contact === null ? null : prefixOf('c', plan.contact),
    ]),
    other: anyOf([
      plan.clinical && inner ? allOf(plan.tokens.map((token) => prefixOf('d', token))) : null,
      plan.code === null ? null : prefixOf('i', plan.code),
    ]),
  };
}
