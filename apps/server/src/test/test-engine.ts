import os from 'node:os';

/**
 * Test files run in one worker per core (vitest.config.ts). Each worker has its own database,
 * which its files use one after another: on PGlite a clone of the migrated dump, on PostgreSQL a
 * copy of the migrated database made by the global setup. Files in different workers never see
 * each other's rows (a purge sweeps whole tables). At least four, for a run asked for more
 * workers than cores.
 */
export const TEST_WORKERS = Math.max(os.availableParallelism(), 4);

/** The migrated PostgreSQL database the global setup prepares; undefined on PGlite. */
export function postgresBaseUrl(): string | undefined {
  if (process.env.TEST_ENGINE !== 'postgres') {
    return undefined;
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  }
  return url;
}

/** `test` → `test_w2`: the clone of worker 2. */
export function workerDatabaseUrl(baseUrl: string, worker: number): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

/**
 * PostgreSQL is used only when asked for (`npm run test:postgres`); otherwise every run is PGlite.
 * Inside a test worker, the worker's own database.
 */
export function postgresTestUrl(): string | undefined {
  const base = postgresBaseUrl();
  if (!base) {
    return undefined;
  }
  const worker = Number(process.env.VITEST_POOL_ID);
  if (!Number.isInteger(worker) || worker < 1) {
    throw new Error(
      'postgresTestUrl() is for test workers; the global setup uses postgresBaseUrl()',
    );
  }
  return workerDatabaseUrl(base, worker);
}
