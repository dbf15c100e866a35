import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { bundleServer } from '../../scripts/bundle.mjs';
import { openPglite, openPostgres } from '../db/client';
import { ICD10_CODES_FILE, loadIcd10Codes } from '../seed/icd10';
import { postgresBaseUrl, TEST_WORKERS, workerDatabaseUrl } from './test-engine';

/**
 * Prepares one migrated database for the whole run: a PGlite data-dir dump that every test worker
 * clones in well under a second, or, with TEST_ENGINE=postgres, a freshly migrated PostgreSQL schema.
 * Like a started server, it holds the full ICD-10-CM code set (diagnosis search and checks).
 */
export default async function globalSetup(project: {
  provide: (key: string, value: string) => void;
}) {
  const bundle = await serverBundle();
  project.provide('serverBundle', bundle);
  await prepareDatabase(project);
  return () => fs.rm(bundle, { recursive: true, force: true });
}

async function prepareDatabase(project: { provide: (key: string, value: string) => void }) {
  const url = postgresBaseUrl();
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;',
    );
    await client.end();
    const database = await openPostgres(url);
    await database.migrate();
    await loadIcd10Codes(database.db);
    await database.close();
    await cloneForWorkers(url);
    return;
  }
  project.provide('pgliteDump', await migratedPgliteDump());
}

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');
/** Beside the other tools' caches: `git clean` and a fresh `npm ci` both start it over. */
const DUMP_CACHE = path.resolve(SERVER_ROOT, '../../node_modules/.cache/homestretch-tests');

/**
 * The migrated embedded database with the ICD-10 codes, as a dump: made once for the migrations,
 * the code set and the engine it was made from, then kept. Migrating and loading 74,000 codes
 * took most of a single test file's run (docs/testing.md).
 */
async function migratedPgliteDump(): Promise<string> {
  const file = path.join(DUMP_CACHE, `pglite-${await dumpKey()}.tar.gz`);
  if (await fs.stat(file).catch(() => null)) {
    return file;
  }
  const database = await openPglite();
  await database.migrate();
  await loadIcd10Codes(database.db);
  if (!database.dump) {
    throw new Error('PGlite database cannot be dumped');
  }
  const dump = Buffer.from(await (await database.dump()).arrayBuffer());
  await database.close();
  await fs.rm(DUMP_CACHE, { recursive: true, force: true });
  await fs.mkdir(DUMP_CACHE, { recursive: true });
  // Written whole under another name first: a run stopped halfway leaves no torn dump behind.
  await fs.writeFile(`${file}.partial`, dump);
  await fs.rename(`${file}.partial`, file);
  return file;
}

/**
 * The server bundled as `npm run build` bundles it, into a folder of this run's own, for the tests
 * that start the server or its commands in a process of their own (the fault tests, backup, RTM):
 * each start from TypeScript through tsx took 1.5–3 s more of a busy machine's CPU, and the
 * bundle is what `npm start` runs. Inside node_modules, so its imports find the packages.
 */
async function serverBundle(): Promise<string> {
  const parent = path.resolve(SERVER_ROOT, '../../node_modules/.cache/homestretch-server');
  await fs.mkdir(parent, { recursive: true });
  const outdir = await fs.mkdtemp(path.join(parent, 'run-'));
  await bundleServer(outdir);
  return outdir;
}

/** Everything the dump is made from: the migrations, the code set and its loader, the engine. */
async function dumpKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(SERVER_ROOT, 'drizzle');
  const files = (await fs.readdir(migrations, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of [
    ...files,
    ICD10_CODES_FILE,
    path.join(SERVER_ROOT, 'src/seed/icd10.ts'),
    // The installed versions of PGlite and Drizzle's migrator, with everything else installed.
    path.join(SERVER_ROOT, '../../package-lock.json'),
  ]) {
    hash.update(path.relative(SERVER_ROOT, file)).update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** One copy of the migrated database per worker (a template copy: a fraction of a second). */
async function cloneForWorkers(url: string): Promise<void> {
  const template = new URL(url).pathname.slice(1);
  // A template may have no session open on it, this one's included.
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    for (let worker = 1; worker <= TEST_WORKERS; worker += 1) {
      const name = new URL(workerDatabaseUrl(url, worker)).pathname.slice(1);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.query(`create database "${name}" template "${template}"`);
    }
  } finally {
    await admin.end();
  }
}
