import { useEffect, useState } from 'react';

/** How long typing must pause before a search-as-you-type list asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * `value`, once it has stopped changing for `delayMs`. Search boxes pass the debounced text to
 * their query so that a burst of keystrokes sends one request, not one per key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
