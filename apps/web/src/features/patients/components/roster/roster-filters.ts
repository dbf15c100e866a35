import type { PatientListQuery } from '@homestretch/contract/patients/list-patients';

/*
 * The roster's filters live in the address (?q=&status=&who=&rtm=&page=), so going back from a
 * patient's record returns to the same search and page. These helpers are the only place that
 * reads or writes them.
 */

export const STATUS_FILTERS = ['active', 'discharged', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const WHO_FILTERS = ['all', 'mine'] as const;
export type WhoFilter = (typeof WHO_FILTERS)[number];

export const RTM_FILTERS = ['any', 'covered', 'not-covered'] as const;
export type RtmFilter = (typeof RTM_FILTERS)[number];

export interface RosterFilters {
  search: string;
  status: StatusFilter;
  who: WhoFilter;
  rtm: RtmFilter;
  page: number;
}

export const DEFAULT_FILTERS: RosterFilters = {
  search: '',
  status: 'active',
  who: 'all',
  rtm: 'any',
  page: 1,
};

export const STATUS_OPTIONS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'discharged', label: 'Discharged' },
  { value: 'all', label: 'Active and discharged' },
];

export const WHO_OPTIONS: ReadonlyArray<{ value: WhoFilter; label: string }> = [
  { value: 'all', label: 'All patients' },
  { value: 'mine', label: 'My patients' },
];

export const RTM_OPTIONS: ReadonlyArray<{ value: RtmFilter; label: string }> = [
  { value: 'any', label: 'All' },
  { value: 'covered', label: 'RTM covered' },
  { value: 'not-covered', label: 'Not RTM covered' },
];

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

/** Unknown or hand-edited values fall back to the defaults instead of failing the screen. */
export function readRosterFilters(params: URLSearchParams): RosterFilters {
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').trim(),
    status: oneOf(STATUS_FILTERS, params.get('status'), DEFAULT_FILTERS.status),
    who: oneOf(WHO_FILTERS, params.get('who'), DEFAULT_FILTERS.who),
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
  if (filters.who !== DEFAULT_FILTERS.who) {
    params.set('who', filters.who);
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
    ...(filters.who === 'mine' ? { mine: 'true' as const } : {}),
    ...(filters.rtm === 'any' ? {} : { rtm: filters.rtm === 'covered' ? 'true' : 'false' }),
  };
}

/** What an empty page means: a clinic with nobody yet, or filters that match nobody. */
export function emptyRosterMessage(filters: RosterFilters): {
  title: string;
  firstPatient: boolean;
} {
  if (filters.search) {
    return { title: `No patients match “${filters.search}”`, firstPatient: false };
  }
  const filtered =
    filters.status !== DEFAULT_FILTERS.status ||
    filters.who !== DEFAULT_FILTERS.who ||
    filters.rtm !== DEFAULT_FILTERS.rtm;
  return filtered
    ? { title: 'No patients match these filters', firstPatient: false }
    : { title: 'No patients yet', firstPatient: true };
}
