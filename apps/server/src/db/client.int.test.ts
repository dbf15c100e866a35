import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createClinic } from '../features/admin/admin.service';
import { findClinicByCode } from '../features/clinics/clinics.api';
import { postgresTestUrl } from '../test/test-engine';
import { type Database, type Db, openPglite, openPostgres } from './client';
import { col, queryRows } from '../platform/sql-rows';

let dataDir: string | undefined;
let open: Database | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
  if (dataDir) {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

const postgresUrl = postgresTestUrl();

/** The run's migrated database (test/global-setup.ts): opened in a second where migrating takes 7. */
const migrated = async () => new Blob([await fs.readFile(inject('pgliteDump'))]);

// The PostgreSQL part of `npm test` runs this file for the nodes below; the embedded database's
// own cases ran in the PGlite part.
describe.skipIf(postgresUrl)('the embedded database (PGlite in DATA_DIR)', () => {
  it('keeps committed rows across a restart', { timeout: 120_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'homestretch-restart-'));
    open = await openPglite({ dataDir, loadDataDir: await migrated() });
    const created = await createClinic(open.db, { code: 'RESTART1', name: 'Restart Clinic' });
    await open.close();
    open = undefined;

    // A restart does what main.ts does: open the same directory and migrate (a no-op now).
    open = await openPglite({ dataDir });
    await open.migrate();
    const found = await findClinicByCode(open.db, 'RESTART1');
    expect(found).toMatchObject({ id: created.id, code: 'RESTART1', name: 'Restart Clinic' });
  });

  it('gives the planner statistics only when maintained (it has no autovacuum)', async () => {
    open = await openPglite({ loadDataDir: await migrated() });
    await createClinic(open.db, { code: 'STATS1', name: 'Statistics Clinic' });
    const analysed = async () => {
      const [tables] = await queryRows(
        open!.db,
        sql`select count(*)::int as tables from pg_stats where tablename = 'clinics'`,
        (row) => col.number(row, 'tables'),
      );
      return tables;
    };
    expect(await analysed()).toBe(0);
    await open.maintain();
    expect(await analysed()).toBeGreaterThan(0);
  });
});

describe.runIf(postgresUrl)('PostgreSQL nodes starting together', () => {
  it('migrate a new database once, in turn, without failing', { timeout: 120_000 }, async () => {
    const name = `hs_migrate_${randomBytes(4).toString('hex')}`;
    const maintenance = new pg.Client({ connectionString: postgresUrl });
    await maintenance.connect();
    await maintenance.query(`create database ${name}`);
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${name}`;
    const nodes = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString())));
    try {
      await Promise.all(nodes.map((node) => node.migrate()));
      const created = await createClinic(nodes[0]?.db as Db, {
        code: 'TOGETHER1',
        name: 'Together Clinic',
      });
      expect(await findClinicByCode(nodes[2]?.db as Db, 'TOGETHER1')).toMatchObject({
        id: created.id,
      });
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await maintenance.query(`drop database if exists ${name} with (force)`);
      await maintenance.end();
    }
  });
});
