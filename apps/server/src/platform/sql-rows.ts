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

/** Readers of one column each; `…OrNull` lets SQL null through as null. */
export const col = {
  /** int, bigint (a string from node-postgres), numeric, a float: a number. */
  number(row: RawRow, column: string): number {
    const value = row[column];
    if (typeof value === 'number') {
      return value;
    }
    if (typeof value === 'string' || typeof value === 'bigint') {
      const parsed = Number(value);
      if (!Number.isNaN(parsed)) {
        return parsed;
      }
    }
    throw wrongType(column, 'a number', value);
  },
  numberOrNull(row: RawRow, column: string): number | null {
    return row[column] === null || row[column] === undefined ? null : col.number(row, column);
  },
  string(row: RawRow, column: string): string {
    const value = row[column];
    if (typeof value === 'string') {
      return value;
    }
    throw wrongType(column, 'a string', value);
  },
  stringOrNull(row: RawRow, column: string): string | null {
    return row[column] === null || row[column] === undefined ? null : col.string(row, column);
  },
  boolean(row: RawRow, column: string): boolean {
    const value = row[column];
    if (typeof value === 'boolean') {
      return value;
    }
    throw wrongType(column, 'a boolean', value);
  },
  /** A timestamp: a Date from either driver, or its text. */
  date(row: RawRow, column: string): Date {
    const value = row[column];
    if (value instanceof Date) {
      return value;
    }
    if (typeof value === 'string') {
      const parsed = new Date(value);
      if (!Number.isNaN(parsed.getTime())) {
        return parsed;
      }
    }
    throw wrongType(column, 'a timestamp', value);
  },
  dateOrNull(row: RawRow, column: string): Date | null {
    return row[column] === null || row[column] === undefined ? null : col.date(row, column);
  },
  /** An int[] column (both drivers parse it to an array of numbers). */
  numbers(row: RawRow, column: string): number[] {
    const value = row[column];
    if (Array.isArray(value)) {
      return value.map((item: unknown) => {
        if (typeof item === 'number') {
          return item;
        }
        throw wrongType(column, 'an array of numbers', item);
      });
    }
    throw wrongType(column, 'an array', value);
  },
  numbersOrNull(row: RawRow, column: string): number[] | null {
    return row[column] === null || row[column] === undefined ? null : col.numbers(row, column);
  },
  /** A text[] column. */
  strings(row: RawRow, column: string): string[] {
    const value = row[column];
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      return value as string[];
    }
    throw wrongType(column, 'an array of strings', value);
  },
  /** A value of a closed set (a role, a kind): checked against the set. */
  oneOf<T extends string>(row: RawRow, column: string, values: readonly T[]): T {
    const value = row[column];
    if (typeof value === 'string' && (values as readonly string[]).includes(value)) {
      return value as T;
    }
    throw wrongType(column, `one of ${values.join(', ')}`, value);
  },
  oneOfOrNull<T extends string>(row: RawRow, column: string, values: readonly T[]): T | null {
    return row[column] === null || row[column] === undefined
      ? null
      : col.oneOf(row, column, values);
  },
  /** json/jsonb: parsed by both drivers; the caller's type states its shape. */
  json<T>(row: RawRow, column: string): T {
    const value = row[column];
    return (typeof value === 'string' ? JSON.parse(value) : value) as T;
  },
};
