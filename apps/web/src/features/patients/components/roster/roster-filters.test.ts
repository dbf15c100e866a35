import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  emptyRosterMessage,
  readRosterFilters,
  therapistChoices,
  therapistLabel,
  toListQuery,
  unlistedTherapistsNote,
  writeRosterFilters,
} from './roster-filters';

describe('roster filters in the address', () => {
  it('round-trips, leaving defaults out so /patients stays bare', () => {
    expect(writeRosterFilters(DEFAULT_FILTERS).toString()).toBe('');
    const filters = {
      search: 'nun',
      status: 'all',
      therapist: 'mine',
      rtm: 'covered',
      page: 3,
    } as const;
    const params = writeRosterFilters(filters);
    expect(params.toString()).toBe('q=nun&status=all&therapist=mine&rtm=covered&page=3');
    expect(readRosterFilters(params, true)).toEqual(filters);
    const colleague = { ...DEFAULT_FILTERS, therapist: 12 };
    expect(writeRosterFilters(colleague).toString()).toBe('therapist=12');
    expect(readRosterFilters(writeRosterFilters(colleague), true)).toEqual(colleague);
  });

  it('falls back to the defaults for hand-edited values', () => {
    expect(
      readRosterFilters(new URLSearchParams('status=gone&therapist=x&rtm=1&page=-2'), true),
    ).toEqual(DEFAULT_FILTERS);
    expect(readRosterFilters(new URLSearchParams('page=1.5'), true).page).toBe(1);
    for (const therapist of ['0', '-3', '1.5', '1e3', ' 7', '99999999999999999999']) {
      expect(readRosterFilters(new URLSearchParams({ therapist }), true).therapist, therapist).toBe(
        'all',
      );
    }
  });

  it('reads "my patients" only for staff who treat patients', () => {
    const mine = new URLSearchParams('therapist=mine');
    expect(readRosterFilters(mine, true).therapist).toBe('mine');
    expect(readRosterFilters(mine, false).therapist).toBe('all');
  });
});

describe('toListQuery', () => {
  it('sends only the filters that narrow the list', () => {
    expect(toListQuery(DEFAULT_FILTERS)).toEqual({ page: 1, status: 'active' });
    expect(
      toListQuery({
        search: 'jo',
        status: 'discharged',
        therapist: 'mine',
        rtm: 'not-covered',
        page: 2,
      }),
    ).toEqual({ page: 2, status: 'discharged', search: 'jo', mine: 'true', rtm: 'false' });
    expect(toListQuery({ ...DEFAULT_FILTERS, therapist: 12 })).toEqual({
      page: 1,
      status: 'active',
      therapist: 12,
    });
  });
});

describe('therapistChoices', () => {
  const dana = { id: 7, first_name: 'Dana', last_name: 'Reyes' };
  const milo = { id: 8, first_name: 'Milo', last_name: 'Grant' };

  it('offers everyone, "My patients" to staff who treat, then the others by name', () => {
    expect(therapistChoices([milo, dana], { id: 7, treats: true }, false)).toEqual([
      { value: 'all', label: 'All therapists' },
      { value: 'mine', label: 'My patients' },
      { value: 8, label: 'Milo Grant' },
    ]);
    expect(therapistChoices([milo, dana], { id: 3, treats: false }, false)).toEqual([
      { value: 'all', label: 'All therapists' },
      { value: 8, label: 'Milo Grant' },
      { value: 7, label: 'Dana Reyes' },
    ]);
  });

  it('lists only what a search found, the caller still as "My patients"', () => {
    expect(therapistChoices([milo], { id: 7, treats: true }, true)).toEqual([
      { value: 8, label: 'Milo Grant' },
    ]);
    expect(therapistChoices([dana, milo], { id: 7, treats: true }, true)).toEqual([
      { value: 'mine', label: 'My patients' },
      { value: 8, label: 'Milo Grant' },
    ]);
    expect(therapistChoices([], { id: 7, treats: true }, true)).toEqual([]);
  });
});

describe('therapistLabel', () => {
  const known = [
    { id: 8, first_name: 'Milo', last_name: 'Grant' },
    { id: 40, first_name: 'Zoe', last_name: 'Ward' },
  ];

  it('names the chosen filter, a therapist beyond the first page from anyone the screen knows', () => {
    expect(therapistLabel('all', known)).toBe('All therapists');
    expect(therapistLabel('mine', known)).toBe('My patients');
    expect(therapistLabel(40, known)).toBe('Zoe Ward');
    // An id from the address that no loaded page names.
    expect(therapistLabel(41, known)).toBe('Chosen therapist');
  });
});

describe('unlistedTherapistsNote', () => {
  it('says how many staff the page leaves out, and how to reach them', () => {
    expect(unlistedTherapistsNote(30, 25, false)).toBe(
      '5 more not listed: type a name to find them.',
    );
    expect(unlistedTherapistsNote(26, 25, true)).toBe(
      '1 more match: keep typing to narrow the list.',
    );
    expect(unlistedTherapistsNote(25, 25, false)).toBeNull();
    expect(unlistedTherapistsNote(0, 0, true)).toBeNull();
  });
});

describe('emptyRosterMessage', () => {
  it('tells a new clinic from a search or filters that match nobody', () => {
    expect(emptyRosterMessage(DEFAULT_FILTERS)).toMatchObject({
      title: 'No patients yet',
      firstPatient: true,
    });
    expect(emptyRosterMessage({ ...DEFAULT_FILTERS, search: 'zed' })).toMatchObject({
      title: 'No patients match “zed”',
      description: 'Check the spelling, or search by phone number, email or ICD-10 code.',
    });
    for (const narrowed of [{ status: 'discharged' }, { therapist: 12 }] as const) {
      expect(emptyRosterMessage({ ...DEFAULT_FILTERS, ...narrowed })).toEqual({
        title: 'No patients match these filters',
        description: 'Try another status, therapist or RTM coverage.',
        firstPatient: false,
      });
    }
  });
});
