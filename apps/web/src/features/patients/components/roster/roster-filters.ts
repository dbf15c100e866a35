import {
  type PatientListQuery,
  ROSTER_STATUS_FILTERS,
  type RosterStatusFilter,
} from '@homestretch/contract/patients/list-patients';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';

/*
 * The roster's filters live in the address (?q=&status=&therapist=&rtm=&page=), so going back from a
 * patient's record returns to the same search and page. These helpers are the only place that
 * reads or writes them.
 */

export const STATUS_FILTERS = ROSTER_STATUS_FILTERS;
export type StatusFilter = RosterStatusFilter;

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

export type NamedStaff = Pick<StaffMember, 'id' | 'first_name' | 'last_name'>;

export interface TherapistOption {
  value: TherapistFilter;
  label: string;
}

const ALL_THERAPISTS: TherapistOption = { value: 'all', label: 'All therapists' };
const MY_PATIENTS: TherapistOption = { value: 'mine', label: 'My patients' };

function named(person: Pick<StaffMember, 'first_name' | 'last_name'>): string {
  return `${person.first_name} ${person.last_name}`;
}

/**
 * The therapist filter's choices for one page of treating staff (GET /clinic/therapist, 25 a
 * page, so a clinic with more is found by typing). With nothing typed: everyone, the caller's own
 * patients (for staff who treat), then the others by name, the caller's name being "My patients".
 * A typed search lists only the staff it found, the caller still as "My patients".
 */
export function therapistChoices(
  staff: readonly NamedStaff[],
  caller: { id: number; treats: boolean },
  narrowed: boolean,
): TherapistOption[] {
  const found = staff.map((member) =>
    caller.treats && member.id === caller.id
      ? MY_PATIENTS
      : { value: member.id, label: named(member) },
  );
  if (narrowed) {
    return found;
  }
  return [
    ALL_THERAPISTS,
    ...(caller.treats ? [MY_PATIENTS] : []),
    ...found.filter((option) => option !== MY_PATIENTS),
  ];
}

/**
 * What the filter shows for the chosen therapist. They may be on no page the screen has loaded
 * (a clinic with more than 25 treating staff, an address with their id), so `known` is everyone
 * the screen can name: the first staff page, the one last picked, and the roster rows' therapists
 * (a roster filtered by someone lists only their patients, each row naming them).
 */
export function therapistLabel(chosen: TherapistFilter, known: readonly NamedStaff[]): string {
  if (chosen === 'all') {
    return ALL_THERAPISTS.label;
  }
  if (chosen === 'mine') {
    return MY_PATIENTS.label;
  }
  const person = known.find((member) => member.id === chosen);
  return person ? named(person) : 'Chosen therapist';
}

/**
 * Said under the therapist filter's list when the server has more matches than its one page, so
 * nobody takes the first 25 staff for the whole clinic.
 */
export function unlistedTherapistsNote(
  count: number,
  listed: number,
  narrowed: boolean,
): string | null {
  const more = count - listed;
  if (more <= 0) {
    return null;
  }
  return narrowed
    ? `${more} more match: keep typing to narrow the list.`
    : `${more} more not listed: type a name to find them.`;
}
