import type { FunctionalEntry } from '@homestretch/contract/health/functional-data';

/**
 * The measure's series with `entry` added. The API keeps one entry per date and PATCH replaces
 * the whole series, so a second value for a date replaces the first; oldest first.
 */
export function withEntry(
  entries: ReadonlyArray<FunctionalEntry>,
  entry: FunctionalEntry,
): FunctionalEntry[] {
  return [...entries.filter((e) => e.date !== entry.date), entry].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}

/**
 * Server field errors of an entry (`entries.3.value`, `entries`) mapped onto the one value and
 * date field the form shows.
 */
export function entryFieldErrors(fields: Record<string, string>): {
  value?: string;
  date?: string;
} {
  const result: { value?: string; date?: string } = {};
  for (const [key, message] of Object.entries(fields)) {
    if (!key.startsWith('entries')) {
      continue;
    }
    if (key.endsWith('.date')) {
      result.date ??= message;
    } else {
      result.value ??= message;
    }
  }
  return result;
}

/** The value field as a number, or null when it is not one. */
export function parseEntryValue(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') {
    return null;
  }
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
