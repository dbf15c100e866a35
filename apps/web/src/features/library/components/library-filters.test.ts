import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearedFilters,
  DEFAULT_FILTERS,
  emptyLibraryMessage,
  readLibraryFilters,
  toListQuery,
  writeLibraryFilters,
} from './library-filters';

describe('library filters in the address', () => {
  it('reads what it writes, and keeps the defaults out of the address', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      search: 'bird',
      bodyPart: 'Core' as const,
      equipment: '-' as const,
      scope: 'catalogue' as const,
      collection: 'physical-therapy' as const,
      folder: 31,
      page: 3,
    };
    const params = writeLibraryFilters(filters);
    expect(params.toString()).toBe(
      'q=bird&body_parts=Core&equipment=-&scope=catalogue&collection=physical-therapy&folder=31&page=3',
    );
    expect(readLibraryFilters(params)).toEqual(filters);
    expect(writeLibraryFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('falls back to the defaults for values someone typed into the address', () => {
    const params = new URLSearchParams(
      'body_parts=Elbow&scope=everything&collection=yoga&folder=-2&page=0',
    );
    expect(readLibraryFilters(params)).toEqual(DEFAULT_FILTERS);
  });

  it('asks the list endpoint only for what narrows it', () => {
    expect(toListQuery(DEFAULT_FILTERS)).toEqual({ page: 1, scope: 'all' });
    expect(toListQuery({ ...DEFAULT_FILTERS, purpose: 'Balance', folder: 4 })).toEqual({
      page: 1,
      scope: 'all',
      purpose: 'Balance',
      folder: 4,
    });
    expect(toListQuery({ ...DEFAULT_FILTERS, collection: 'strength-and-conditioning' })).toEqual({
      page: 1,
      scope: 'all',
      collection: 'strength-and-conditioning',
    });
  });

  it('clears the filters but stays in the open folder', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      position: 'Sitting' as const,
      scope: 'mine' as const,
      collection: 'physical-therapy' as const,
      folder: 9,
      page: 2,
    };
    expect(activeFilterCount(filters)).toBe(3);
    expect(clearedFilters(filters)).toEqual({ ...DEFAULT_FILTERS, folder: 9 });
    expect(emptyLibraryMessage(filters).canClear).toBe(true);
    expect(emptyLibraryMessage(clearedFilters(filters)).title).toBe('This folder is empty');
  });
});
