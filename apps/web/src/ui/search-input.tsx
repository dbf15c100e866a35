import { Search } from 'lucide-react';

/**
 * A list's search box: the magnifier inside it, the browser's own clear button, and no
 * autocomplete or spell check on names and codes. The caller labels it (`<label htmlFor={id}>`).
 */
export function SearchInput({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle"
      />
      <input
        id={id}
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-10 w-full rounded-control border border-line-strong bg-surface pr-3 pl-9 text-base text-ink placeholder:text-ink-subtle"
      />
    </div>
  );
}
