import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  emptyRosterMessage,
  readRosterFilters,
  toListQuery,
  writeRosterFilters,
} from './roster-filters';

describe('roster filters in the address', () => {
  it('round-trips, leaving defaults out so /patients stays bare', () => {
    expect(writeRosterFilters(DEFAULT_FILTERS).toString()).toBe('');
    const filters = { search: 'nun', status: 'all', who: 'mine', rtm: 'covered', page: 3 } as const;
    const params = writeRosterFilters(filters);
    expect(params.toString()).toBe('q=nun&status=all&who=mine&rtm=covered&page=3');
    expect(readRosterFilters(params)).toEqual(filters);
  });

  it('falls back to the defaults for hand-edited values', () => {
    expect(readRosterFilters(new URLSearchParams('status=gone&who=x&rtm=1&page=-2'))).toEqual(
      DEFAULT_FILTERS,
    );
    expect(readRosterFilters(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});

describe('toListQuery', () => {
  it('sends only the filters that narrow the list', () => {
    expect(toListQuery(DEFAULT_FILTERS)).toEqual({ page: 1, status: 'active' });
    expect(
      toListQuery({ search: 'jo', status: 'discharged', who: 'mine', rtm: 'not-covered', page: 2 }),
    ).toEqual({ page: 2, status: 'discharged', search: 'jo', mine: 'true', rtm: 'false' });
  });
});

describe('emptyRosterMessage', () => {
  it('tells a new clinic from a search or filters that match nobody', () => {
    expect(emptyRosterMessage(DEFAULT_FILTERS)).toEqual({
      title: 'No patients yet',
      firstPatient: true,
    });
    expect(emptyRosterMessage({ ...DEFAULT_FILTERS, search: 'zed' }).title).toBe(
      'No patients match “zed”',
    );
    expect(emptyRosterMessage({ ...DEFAULT_FILTERS, status: 'discharged' })).toEqual({
      title: 'No patients match these filters',
      firstPatient: false,
    });
  });
});
