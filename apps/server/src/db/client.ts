import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
   * Receives the NOTIFY payloads of `channel`. `onLive(false)` says notifications may have been
   * missed (the connection dropped); `onLive(true)` that they flow again. Resolves to a stop.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onLive(live: boolean): void;
}

/** Reconnection of a dropped listener: quick at first, then every few seconds. */
const LISTEN_RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** Embedded PostgreSQL (PGlite), persisted in `dataDir`, or in memory when dataDir is omitted. */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> {
  if (options.dataDir) {
    await fs.mkdir(options.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(pglite, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
    dump: async () => pglite.dumpDataDir('gzip'),
    // One process owns an embedded database: its notifications cannot be missed.
    listen: async (channel, handlers) => {
      const stop = await pglite.listen(channel, handlers.onMessage);
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        await stop();
      };
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrateUnderLock(pool),
    close: () => pool.end(),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
  };
}

/** Any fixed number: the key of the advisory lock every node takes to migrate. */
const MIGRATION_LOCK_KEY = 7_421_305;

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

/**
 * A connection of its own that LISTENs, reconnecting when it drops. Between the drop and the
 * next LISTEN notifications are lost, so the handlers hear `onLive(false)` first.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => handlers.onMessage(message.payload ?? ''));
    const dropped = () => {
      if (client !== next || stopped) {
        return;
      }
      client = null;
      handlers.onLive(false);
      next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', dropped);
    next.on('end', dropped);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    attempt = 0;
    handlers.onLive(true);
  };
  const schedule = () => {
    const delay = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)]!;
    attempt += 1;
    retry = setTimeout(() => {
      connect().catch(() => {
        if (!stopped) {
          schedule();
        }
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    handlers.onLive(false);
    await client?.end();
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: config.dataDir });
}
