import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { activeFilterCount, type LibraryFilters } from './library-filters';
import { LibraryFilterDropdowns, LibrarySearchField } from './library-toolbar';

/**
 * The library screen's search and its six filters; on a phone the filters fold behind a
 * "Filters" button that counts those set.
 */
export function LibrarySearchPanel({
  compact,
  searchText,
  onSearchText,
  filters,
  onChange,
}: {
  compact: boolean;
  searchText: string;
  onSearchText: (text: string) => void;
  filters: LibraryFilters;
  onChange: (next: Partial<LibraryFilters>) => void;
}) {
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const narrowing = activeFilterCount(filters);
  return (
    <div
      role="search"
      aria-label="Find exercises"
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex items-end gap-2">
        <LibrarySearchField
          id="exercise-search"
          placeholder="Wall sit, SLR, knee pain…"
          value={searchText}
          onChange={onSearchText}
          className="min-w-0 flex-1"
        />
        {compact && (
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen(!filtersOpen)}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters
            {narrowing > 0 && (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs text-surface">
                {narrowing}
                <span className="sr-only"> set</span>
              </span>
            )}
          </Button>
        )}
      </div>
      <div id={filtersId} hidden={compact && !filtersOpen}>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <LibraryFilterDropdowns
            fields={['scope', 'collection', 'bodyPart', 'purpose', 'position', 'equipment']}
            filters={filters}
            onChange={onChange}
          />
        </div>
      </div>
    </div>
  );
}
