import { type SQL, sql } from 'drizzle-orm';

/**
 * A list of ids as one `int[]` parameter (`= any(…)`, `unnest(…)`): one parameter however long
 * the list, where a parameter per id makes big statements slow to build, send and plan.
 */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * The same for text values we made ourselves (hex digests): they need no quoting inside the
 * array literal. Never for user input.
 */
export function ownTextArray(values: readonly string[]): SQL {
  return sql`${`{${values.join(',')}}`}::text[]`;
}
