import type { PatientListQuery } from '@homestretch/contract/patients/list-patients';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';

/*
 * The roster's filters live in the address (?q=&status=&therapist=&rtm=&page=), so going back from a
 * patient's record returns to the same search and page. These helpers are the only place that
 * reads or writes them.
 */

export const STATUS_FILTERS = ['active', 'discharged', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Everyone's patients, the caller's own ("My patients"), or one treating staff member's (by id). */
export type TherapistFilter = 'all' | 'mine' | number;

export const RTM_FILTERS = ['any', 'covered', 'not-covered'] as const;
export type RtmFilter = (typeof RTM_FILTERS)[number];

export interface RosterFilters {
  search: string;
  status: StatusFilter;
  therapist: TherapistFilter;
  rtm: RtmFilter;
  page: number;
}

export const DEFAULT_FILTERS: RosterFilters = {
  search: '',
  status: 'active',
  therapist: 'all',
  rtm: 'any',
  page: 1,
};

export const STATUS_OPTIONS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'discharged', label: 'Discharged' },
  { value: 'all', label: 'Active and discharged' },
];

export const RTM_OPTIONS: ReadonlyArray<{ value: RtmFilter; label: string }> = [
  { value: 'any', label: 'All' },
  { value: 'covered', label: 'RTM covered' },
  { value: 'not-covered', label: 'Not RTM covered' },
];

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

/**
 * `mine`, or a staff id (digits only). Whether an id is one of the clinic's treating staff is the
 * server's to say: it answers 400 naming `therapist`, and the page offers to clear the filter.
 */
function readTherapist(value: string | null, treats: boolean): TherapistFilter {
  if (value === 'mine') {
    return treats ? 'mine' : DEFAULT_FILTERS.therapist;
  }
  const id = Number(value);
  return value !== null && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0
    ? id
    : DEFAULT_FILTERS.therapist;
}

/**
 * Unknown or hand-edited values fall back to the defaults instead of failing the screen.
 * "My patients" means nothing to staff who treat nobody (`treats` false): theirs falls back too.
 */
export function readRosterFilters(params: URLSearchParams, treats: boolean): RosterFilters {
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').trim(),
    status: oneOf(STATUS_FILTERS, params.get('status'), DEFAULT_FILTERS.status),
    therapist: readTherapist(params.get('therapist'), treats),
    rtm: oneOf(RTM_FILTERS, params.get('rtm'), DEFAULT_FILTERS.rtm),
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_FILTERS.page,
  };
}

/** Only what differs from the defaults goes in the address, so /patients stays /patients. */
export function writeRosterFilters(filters: RosterFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) {
    params.set('q', filters.search);
  }
  if (filters.status !== DEFAULT_FILTERS.status) {
    params.set('status', filters.status);
  }
  if (filters.therapist !== DEFAULT_FILTERS.therapist) {
    params.set('therapist', String(filters.therapist));
  }
  if (filters.rtm !== DEFAULT_FILTERS.rtm) {
    params.set('rtm', filters.rtm);
  }
  if (filters.page !== DEFAULT_FILTERS.page) {
    params.set('page', String(filters.page));
  }
  return params;
}

/** The list endpoint's query for a set of filters (contract patients/list-patients). */
export function toListQuery(filters: RosterFilters): PatientListQuery {
  return {
    page: filters.page,
    status: filters.status,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.therapist === 'mine' ? { mine: 'true' as const } : {}),
    ...(typeof filters.therapist === 'number' ? { therapist: filters.therapist } : {}),
    ...(filters.rtm === 'any' ? {} : { rtm: filters.rtm === 'covered' ? 'true' : 'false' }),
  };
}

/** What an empty page means: a clinic with nobody yet, or a search or filters that match nobody. */
export function emptyRosterMessage(filters: RosterFilters): {
  title: string;
  description: string;
  firstPatient: boolean;
} {
  if (filters.search) {
    return {
      title: `No patients match “${filters.search}”`,
      description: 'Check the spelling, or search by phone number, email or ICD-10 code.',
      firstPatient: false,
    };
  }
  const filtered =
    filters.status !== DEFAULT_FILTERS.status ||
    filters.therapist !== DEFAULT_FILTERS.therapist ||
    filters.rtm !== DEFAULT_FILTERS.rtm;
  return filtered
    ? {
        title: 'No patients match these filters',
        description: 'Try another status, therapist or RTM coverage.',
        firstPatient: false,
      }
    : {
        title: 'No patients yet',
        description:
          'Register your first patient, or print the QR poster so patients can sign up themselves.',
        firstPatient: true,
      };
}

/**
 * The therapist filter's choices: everyone, the caller's own patients (for staff who treat),
 * then the clinic's treating staff by name. The caller is left out of the names, "My patients"
 * being the same list. A chosen therapist missing from the loaded staff page (a clinic with more
 * than one page of them) keeps a label, named from the roster rows, which all carry them.
 */
export function therapistOptions(
  staff: readonly Pick<StaffMember, 'id' | 'first_name' | 'last_name'>[],
  caller: { id: number; treats: boolean },
  chosen: TherapistFilter,
  rows: readonly { therapists: readonly Pick<StaffMember, 'id' | 'first_name' | 'last_name'>[] }[],
): Array<{ value: TherapistFilter; label: string }> {
  const named = (person: Pick<StaffMember, 'first_name' | 'last_name'>) =>
    `${person.first_name} ${person.last_name}`;
  const options: Array<{ value: TherapistFilter; label: string }> = [
    { value: 'all', label: 'All therapists' },
    ...(caller.treats ? [{ value: 'mine' as const, label: 'My patients' }] : []),
    ...staff
      .filter((member) => !(caller.treats && member.id === caller.id))
      .map((member) => ({ value: member.id, label: named(member) })),
  ];
  if (typeof chosen === 'number' && !options.some((option) => option.value === chosen)) {
    const known = rows.flatMap((row) => row.therapists).find((person) => person.id === chosen);
    options.push({ value: chosen, label: known ? named(known) : 'Chosen therapist' });
  }
  return options;
}
