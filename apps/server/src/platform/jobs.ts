/**
 * Work that runs outside a request's answer. Scheduled work every node runs on its timer is done
 * by one node at a time: the job's transaction takes a PostgreSQL advisory lock first (keys:
 * advisory-locks.ts), and a node that cannot have it skips the run. Work a request starts and
 * does not wait for (a stale billing run recomputed behind its answer) is tracked, so the app's
 * close waits for it before the database closes.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { col, queryRows } from './sql-rows';

/** One key, or a pair (advisory-locks.ts: the two key spaces). */
export type LockKey = number | readonly [number, number];

function keyArgs(key: LockKey): SQL {
  return typeof key === 'number' ? sql`${key}` : sql`${key[0]}, ${key[1]}`;
}

/** Waits for the advisory lock, held until the transaction `tx` ends. */
export async function lockForTransaction(tx: Db, key: LockKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${keyArgs(key)})`);
}

/** Takes the advisory lock until the transaction `tx` ends; false, at once, when another has it. */
export async function tryLockForTransaction(tx: Db, key: LockKey): Promise<boolean> {
  const [locked = false] = await queryRows(
    tx,
    sql`select pg_try_advisory_xact_lock(${keyArgs(key)}) as locked`,
    (row) => col.boolean(row, 'locked'),
  );
  return locked;
}

/**
 * Runs `work` in one transaction holding the advisory lock `key` (advisory-locks.ts); answers
 * null, doing nothing, when another node holds it.
 */
export async function runExclusively<T>(
  db: Db,
  key: LockKey,
  work: (tx: Db) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => ((await tryLockForTransaction(tx, key)) ? work(tx) : null));
}

/** Work started behind a request's answer, which the app's close waits for. */
export interface BackgroundWork {
  /** Starts `work` now; its failure is logged as `what` failed, never thrown. */
  start(what: string, work: () => Promise<unknown>, context?: Record<string, unknown>): void;
  /** Resolves once everything started so far has ended. */
  settled(): Promise<void>;
}

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    start(what, work, context = {}) {
      const done: Promise<unknown> = work()
        .catch((error: unknown) => log.error({ err: error, ...context }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settled() {
      while (running.size > 0) {
        await Promise.allSettled([...running]);
      }
    },
  };
}
