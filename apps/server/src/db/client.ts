import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from '../platform/advisory-locks';
import * as schema from './schema';

/** A database or a transaction: repos accept either (STYLE.md: inside a transaction use tx). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball, to clone a prepared database. */
  dump?: () => Promise<Blob>;
  /**
   * What autovacuum does on a PostgreSQL server, which the embedded database has no workers
   * for: dead rows reclaimed and the planner's statistics brought up to date. Without them the
   * planner guesses one row for every table and picks its plans blind. No-op on PostgreSQL.
   */
  maintain(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Embedded PostgreSQL (PGlite), persisted in `dataDir`, or in memory when dataDir is omitted.
 * `logger` sees every statement: the test suite catalogues them (test/statement-catalogue.ts).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; logger?: Logger } = {},
): Promise<Database> {
  if (options.dataDir) {
    await fs.mkdir(options.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(pglite, {
    schema,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // Without the logger: migrations are no statement of the app's (every engine runs them whole).
    migrate: () =>
      migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
    dump: async () => pglite.dumpDataDir('gzip'),
    maintain: async () => {
      await pglite.exec('vacuum (analyze)');
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  // A connection the database neither accepts nor refuses (a failover, a network cut) fails the
  // request after a bound (a 503, platform/errors.ts) instead of holding it forever.
  // JIT compilation is off: it costs about 100 ms each time a statement's estimate crosses
  // jit_above_cost, is never kept between executions of a prepared statement, and the app's
  // statements are short (a batch of chat messages, estimated at 100 rows whatever its size, was
  // compiled on every send). An `options` in DATABASE_URL still decides.
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: 10_000,
    options: '-c jit=off',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one in use: its statement fails, and its request answers 503 (platform/errors.ts).
  guardClients(pool, () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrateUnderLock(pool),
    close: () => pool.end(),
    maintain: async () => undefined,
  };
}

/**
 * node-postgres emits 'error' on a client whose server goes away (a restart's 57P01, a cut
 * network). The pool listens only while a client is idle: one checked out (a transaction between
 * two statements, a LISTEN client held for good) would throw an unhandled 'error' and end the
 * process. Every client of the pool gets its own listener from its first connection on.
 */
export function guardClients(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
}

/** The advisory lock every node takes to migrate (platform/advisory-locks.ts). */
const MIGRATION_LOCK_KEY = ADVISORY_LOCKS.MIGRATION;

/**
 * Migrates on one connection holding a PostgreSQL advisory lock, so nodes starting together take
 * turns: the first applies the migrations, the others find them applied.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: config.dataDir });
}
