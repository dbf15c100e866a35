/**
 * Scheduled work every node runs on its timer, done by one node at a time: the job's transaction
 * takes a PostgreSQL advisory lock first, and a node that cannot have it skips the run.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Runs `work` in one transaction holding the advisory lock `key` (any fixed number of the job's
 * own); answers null, doing nothing, when another node holds it.
 */
export async function runExclusively<T>(
  db: Db,
  key: number,
  work: (tx: Db) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as {
      rows: { locked: boolean }[];
    };
    return result.rows[0]?.locked ? work(tx) : null;
  });
}
