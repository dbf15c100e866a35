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
 * Where an error of the body shows in an entry form: any entry's value or date (`entries.3.date`)
 * on the one value or date field the form has, a series-wide one (`entries`) on the value.
 */
export function entryErrorField(path: readonly string[]): string {
  const [field = '_form'] = path;
  if (field !== 'entries') {
    return field;
  }
  return path.at(-1) === 'date' ? 'date' : 'value';
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

/** A measure's value with its unit, e.g. "95 °"; bare when the measure has none. */
export function withUnit(value: number, unit: string): string {
  return unit ? `${value} ${unit}` : String(value);
}
