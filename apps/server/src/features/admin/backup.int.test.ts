import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { clinics } from '../../db/schema';
import { postgresTestUrl } from '../../test/test-engine';

/**
 * Security finding 8: the embedded database never calls fsync, so the admin command backs up and
 * restores either engine. Each case runs the real command, as an operator would (bundled as
 * `npm run build` bundles it: test/global-setup.ts).
 */
const CLI = path.join(inject('serverBundle'), 'admin.js');
const scratch: string[] = [];

afterAll(async () => {
  await Promise.all(scratch.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'homestretch-backup-'));
  scratch.push(dir);
  return dir;
}

function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', INIT_CWD: '/', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function addClinic(database: Database, code: string) {
  await database.migrate();
  await database.db.insert(clinics).values({ code, name: `Backup ${code}` });
}

async function clinicNamed(database: Database, code: string) {
  const [row] = await database.db.select().from(clinics).where(eq(clinics.code, code));
  return row?.name;
}

const postgresUrl = postgresTestUrl();

// The embedded engine's cases run once, in the PGlite part of `npm test`.
describe.skipIf(postgresUrl)('backup and restore of the embedded database', () => {
  it('copies every row into an empty folder, and refuses one that holds a database', async () => {
    const source = await tempDir();
    const target = path.join(await tempDir(), 'restored');
    const file = path.join(await tempDir(), 'clinic.backup');
    const code = `BK${randomBytes(3).toString('hex').toUpperCase()}`;
    const original = await openPglite({ dataDir: source });
    await addClinic(original, code);
    await original.close();

    const saved = await admin(['backup', '--file', file], { DATA_DIR: source });
    expect(saved.output).toMatch(/Backed up the embedded database/);
    expect(saved.code).toBe(0);
    expect((await admin(['backup', '--file', file], { DATA_DIR: source })).code).toBe(1);

    const restored = await admin(['restore', '--file', file], { DATA_DIR: target });
    expect(restored.output).toMatch(/Restored/);
    expect(restored.code).toBe(0);
    const copy = await openPglite({ dataDir: target });
    try {
      expect(await clinicNamed(copy, code)).toBe(`Backup ${code}`);
    } finally {
      await copy.close();
    }

    const again = await admin(['restore', '--file', file], { DATA_DIR: source });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/is not empty/);
  }, 120_000);

  it('refuses a file that is not a backup, and a backup of the other engine', async () => {
    const dir = await tempDir();
    const junk = path.join(dir, 'notes.txt');
    await fs.writeFile(junk, 'hello');
    const notBackup = await admin(['restore', '--file', junk], {
      DATA_DIR: path.join(dir, 'empty'),
    });
    expect(notBackup.code).toBe(1);
    expect(notBackup.output).toMatch(/is not a Homestretch backup/);
    const dump = path.join(dir, 'server.backup');
    await fs.writeFile(dump, 'PGDMP fake');
    const wrongEngine = await admin(['restore', '--file', dump], {
      DATA_DIR: path.join(dir, 'empty'),
    });
    expect(wrongEngine.code).toBe(1);
    expect(wrongEngine.output).toMatch(/restore it with DATABASE_URL set/);
  }, 60_000);
});

describe.runIf(postgresUrl)('backup and restore of PostgreSQL', () => {
  it('copies every row into a new, empty database, and refuses one with tables', async () => {
    const base = new URL(postgresUrl ?? '');
    const suffix = randomBytes(4).toString('hex');
    const names = [`hs_backup_src_${suffix}`, `hs_backup_dst_${suffix}`];
    const maintenance = new pg.Client({ connectionString: postgresUrl });
    await maintenance.connect();
    const urlOf = (name: string) => {
      const url = new URL(base);
      url.pathname = `/${name}`;
      return url.toString();
    };
    try {
      for (const name of names) {
        await maintenance.query(`create database ${name}`);
      }
      const [sourceUrl, targetUrl] = names.map(urlOf) as [string, string];
      const code = `PG${suffix.toUpperCase()}`;
      const original = await openPostgres(sourceUrl);
      await addClinic(original, code);
      await original.close();

      const file = path.join(await tempDir(), 'server.backup');
      const saved = await admin(['backup', '--file', file], { DATABASE_URL: sourceUrl });
      expect(saved.output).toMatch(/Backed up the PostgreSQL database/);
      expect(saved.code).toBe(0);
      const restored = await admin(['restore', '--file', file], { DATABASE_URL: targetUrl });
      expect(restored.output).toMatch(/Restored/);
      expect(restored.code).toBe(0);
      const copy = await openPostgres(targetUrl);
      try {
        expect(await clinicNamed(copy, code)).toBe(`Backup ${code}`);
      } finally {
        await copy.close();
      }
      const again = await admin(['restore', '--file', file], { DATABASE_URL: sourceUrl });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already has tables/);
    } finally {
      for (const name of names) {
        await maintenance.query(`drop database if exists ${name} with (force)`);
      }
      await maintenance.end();
    }
  }, 120_000);
});
