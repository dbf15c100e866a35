import { type MouseEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { type LibraryFilters, writeLibraryFilters } from './library-filters';
import { useLibrarySearchText } from './library-toolbar';

/**
 * The library screen's search box, kept with the address: the typed text reaches the address
 * (and so the query) once typing pauses, and the box follows the address when it changes under
 * it; none once a link on the screen was followed (`noteLeaving`).
 */
export function useAddressSearch(filters: LibraryFilters, setParams: SetURLSearchParams) {
  const {
    text: searchText,
    setText: setSearchText,
    settled: search,
  } = useLibrarySearchText(filters.search);
  // A link followed while a search waits for its pause: the screen that link opens loads in a
  // transition, with this one still mounted, and the late search must not navigate back here.
  const leaving = useRef(false);
  // The typed text reaches the address (and so the query) once typing pauses.
  const pushSearch = useEffectEvent((value: string) => {
    if (value !== filters.search && !leaving.current) {
      setParams(writeLibraryFilters({ ...filters, search: value, page: 1 }), { replace: true });
    }
  });
  useEffect(() => pushSearch(search), [search]);

  // The address changed under the box (back button, "Clear filters"): the box follows it.
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    if (filters.search !== search) {
      setSearchText(filters.search);
    }
  }
  /** On the screen's click capture: a plain click on a link leaves the screen. */
  const noteLeaving = (event: MouseEvent) => {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (plainClick && (event.target as Element).closest('a[href]')) {
      leaving.current = true;
    }
  };
  return { searchText, setSearchText, noteLeaving };
}
