/**
 * The one door for raw SQL (`sql`…``): runs a statement and hands back its rows read through a
 * mapper, so a repo's row types say what the rows hold. The two engines disagree on what a raw
 * statement answers: node-postgres gives a `timestamptz` as a Date but `bigint` and `numeric` as
 * strings, PGlite gives them as Date and number (or a string for numeric); a `timestamp` read through
 * `max()` or a CTE comes back as either. The readers below settle each column once, by hand (a
 * type check and at most one conversion per value: no schema parse on the hot paths).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executeNamed } from './prepared';

/** One row of a raw statement, as a driver gives it. */
export type RawRow = Readonly<Record<string, unknown>>;

/** Turns one raw row into the repo's row type. */
export type RowMapper<T> = (row: RawRow) => T;

/** The rows of a driver's answer: both drivers answer raw SQL with `{ rows }`. */
function rawRows(result: unknown): RawRow[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) {
    throw new Error('A raw statement answered without rows');
  }
  return rows as RawRow[];
}

/** Runs `query` and answers its rows through `map`. */
export async function queryRows<T>(db: Db, query: SQL, map: RowMapper<T>): Promise<T[]> {
  return rawRows(await db.execute(query)).map(map);
}

/** `queryRows` as a named prepared statement (platform/prepared.ts: the hot paths). */
export async function queryNamedRows<T>(
  db: Db,
  name: string,
  query: SQL,
  map: RowMapper<T>,
): Promise<T[]> {
  return rawRows(await executeNamed(db, name, query)).map(map);
}

function wrongType(column: string, expected: string, value: unknown): Error {
  return new Error(`Column ${column}: expected ${expected}, got ${typeof value}`);
}

type Reader<T> = (row: RawRow, column: string) => T;

/** A column read as is when `accepts` it, else converted by `convert` (undefined: refused). */
function reader<T>(
  expected: string,
  accepts: (value: unknown) => value is T,
  convert: (value: unknown) => T | undefined = () => undefined,
): Reader<T> {
  return (row, column) => {
    const value = row[column];
    const read = accepts(value) ? value : convert(value);
    if (read === undefined) {
      throw wrongType(column, expected, value);
    }
    return read;
  };
}

/** SQL null (or a column left out) as null, anything else through `read`. */
function orNull<T>(read: Reader<T>): Reader<T | null> {
  return (row, column) =>
    row[column] === null || row[column] === undefined ? null : read(row, column);
}

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isString = (value: unknown): value is string => typeof value === 'string';
const isArrayOf =
  <T>(item: (value: unknown) => value is T) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(item);

/** int, bigint (a string from node-postgres), numeric, a float: a number. */
const number = reader('a number', isNumber, (value) => {
  const parsed =
    typeof value === 'string' || typeof value === 'bigint' ? Number(value) : Number.NaN;
  return Number.isNaN(parsed) ? undefined : parsed;
});
const string = reader('a string', isString);
const boolean = reader('a boolean', (value): value is boolean => typeof value === 'boolean');
/** A timestamp: a Date from either driver, or its text. */
const date = reader(
  'a timestamp',
  (value): value is Date => value instanceof Date,
  (value) => {
    const parsed = typeof value === 'string' ? new Date(value) : undefined;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined;
  },
);
/** An int[] column (both drivers parse it to an array of numbers). */
const numbers = reader('an array of numbers', isArrayOf(isNumber));
/** A text[] column. */
const strings = reader('an array of strings', isArrayOf(isString));

/** A value of a closed set (a role, a kind): checked against the set. */
function oneOf<T extends string>(row: RawRow, column: string, values: readonly T[]): T {
  const value = row[column];
  if (typeof value === 'string' && (values as readonly string[]).includes(value)) {
    return value as T;
  }
  throw wrongType(column, `one of ${values.join(', ')}`, value);
}

/** Readers of one column each; `…OrNull` lets SQL null through as null. */
export const col = {
  number,
  numberOrNull: orNull(number),
  string,
  stringOrNull: orNull(string),
  boolean,
  date,
  dateOrNull: orNull(date),
  numbers,
  numbersOrNull: orNull(numbers),
  strings,
  oneOf,
  oneOfOrNull<T extends string>(row: RawRow, column: string, values: readonly T[]): T | null {
    return row[column] === null || row[column] === undefined ? null : oneOf(row, column, values);
  },
  /** json/jsonb: parsed by both drivers; the caller's type states its shape. */
  json<T>(row: RawRow, column: string): T {
    const value = row[column];
    return (typeof value === 'string' ? JSON.parse(value) : value) as T;
  },
};
