import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client';
import { loadIcd10Codes } from '../seed/icd10';
import { postgresBaseUrl, TEST_WORKERS, workerDatabaseUrl } from './test-engine';

/**
 * Prepares one migrated database for the whole run: a PGlite data-dir dump that every test worker
 * clones in well under a second, or, with TEST_ENGINE=postgres, a freshly migrated PostgreSQL schema.
 * Like a started server, it holds the full ICD-10-CM code set (diagnosis search and checks).
 */
export default async function globalSetup(project: {
  provide: (key: string, value: string) => void;
}) {
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
  const database = await openPglite();
  await database.migrate();
  await loadIcd10Codes(database.db);
  if (!database.dump) {
    throw new Error('PGlite database cannot be dumped');
  }
  const dump = Buffer.from(await (await database.dump()).arrayBuffer());
  const file = path.join(
    await fs.mkdtemp(path.join(os.tmpdir(), 'homestretch-test-')),
    'migrated.tar.gz',
  );
  await fs.writeFile(file, dump);
  await database.close();
  project.provide('pgliteDump', file);
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
