import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cx } from '../../../ui/cx';
import { Dropdown } from '../../../ui/dropdown';
import { SearchInput } from '../../../ui/search-input';
import { FILTER_FIELDS, type FilterField, type LibraryFilters } from './library-filters';

/*
 * The search box and filter dropdowns the exercise library and the program's exercise picker
 * share: the same filters (library-filters.ts), the same labels, the same pause before a typed
 * search is asked for. Each screen lays them out its own way.
 */

/** The typed search, and the same text once typing pauses (trimmed): what a query asks for. */
export function useLibrarySearchText(initial = '') {
  const [text, setText] = useState(initial);
  const settled = useDebouncedValue(text.trim());
  return { text, setText, settled };
}

/** "Search": the library's search box with its label. */
export function LibrarySearchField({
  id,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Search
      </label>
      <SearchInput id={id} placeholder={placeholder} value={value} onChange={onChange} />
    </div>
  );
}

/** One dropdown per filter field, in the order given; a choice goes to `onChange` alone. */
export function LibraryFilterDropdowns({
  fields,
  filters,
  onChange,
}: {
  fields: readonly FilterField[];
  filters: LibraryFilters;
  onChange: (next: Partial<LibraryFilters>) => void;
}) {
  return fields.map((field) => (
    <FilterDropdown key={field} field={field} filters={filters} onChange={onChange} />
  ));
}

function FilterDropdown<K extends FilterField>({
  field,
  filters,
  onChange,
}: {
  field: K;
  filters: LibraryFilters;
  onChange: (next: Partial<LibraryFilters>) => void;
}) {
  const { label, options } = FILTER_FIELDS[field];
  return (
    <Dropdown
      label={label}
      options={options}
      value={filters[field]}
      onChange={(value) => onChange({ [field]: value })}
      buttonClassName="w-full"
    />
  );
}
