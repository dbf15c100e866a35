import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/client';
import { loadIcd10Codes } from '../seed/icd10';
import { postgresTestUrl } from './test-engine';

/**
 * Prepares one migrated database for the whole run: a PGlite data-dir dump that every test file
 * clones in well under a second, or, with TEST_ENGINE=postgres, a freshly migrated PostgreSQL schema.
 * Like a started server, it holds the full ICD-10-CM code set (diagnosis search and checks).
 */
export default async function globalSetup(project: {
  provide: (key: string, value: string) => void;
}) {
  const url = postgresTestUrl();
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
