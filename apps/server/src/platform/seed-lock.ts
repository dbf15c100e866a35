import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Serialises a seeding step across server processes sharing one PostgreSQL: held until the
 * transaction ends, so a second process starting at the same time waits, then sees the rows
 * the first one committed instead of inserting them again.
 */
export async function lockSeedStep(tx: Db, step: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`homestretch.seed.${step}`}))`);
}
