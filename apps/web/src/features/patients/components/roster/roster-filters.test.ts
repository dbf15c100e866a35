import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  emptyRosterMessage,
  readRosterFilters,
  therapistOptions,
  toListQuery,
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

describe('therapistOptions', () => {
  const dana = { id: 7, first_name: 'Dana', last_name: 'Reyes' };
  const milo = { id: 8, first_name: 'Milo', last_name: 'Grant' };

  it('offers everyone, "My patients" to staff who treat, then the others by name', () => {
    expect(therapistOptions([milo, dana], { id: 7, treats: true }, 'all', [])).toEqual([
      { value: 'all', label: 'All therapists' },
      { value: 'mine', label: 'My patients' },
      { value: 8, label: 'Milo Grant' },
    ]);
    expect(therapistOptions([milo, dana], { id: 3, treats: false }, 'all', [])).toEqual([
      { value: 'all', label: 'All therapists' },
      { value: 8, label: 'Milo Grant' },
      { value: 7, label: 'Dana Reyes' },
    ]);
  });

  it('keeps a label for a chosen therapist beyond the loaded staff page', () => {
    const rows = [{ therapists: [dana, { id: 40, first_name: 'Zoe', last_name: 'Ward' }] }];
    expect(therapistOptions([milo], { id: 3, treats: false }, 40, rows).at(-1)).toEqual({
      value: 40,
      label: 'Zoe Ward',
    });
    expect(therapistOptions([milo], { id: 3, treats: false }, 41, []).at(-1)).toEqual({
      value: 41,
      label: 'Chosen therapist',
    });
    expect(therapistOptions([milo], { id: 3, treats: false }, 8, rows)).toHaveLength(2);
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
