/**
 * `npm run admin -- backup` / `restore` (security finding 8: the embedded database never calls
 * fsync, so a power cut can lose its last writes; a backup is how a clinic gets them back).
 *
 * One file per backup, whose first bytes say which engine made it:
 * - the embedded database: PGlite's own data directory as a gzipped tarball (`dumpDataDir`),
 *   consistent because the CLI is the only process with the directory open;
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot of a live database), restored
 *   with `pg_restore`.
 * A restore only ever fills an empty target: it never overwrites a clinic's data.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { col, queryRows } from '../../platform/sql-rows';
import { AdminError } from './admin.service';

export type BackupEngine = 'pglite' | 'postgres';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PG_DUMP_MAGIC = Buffer.from('PGDMP');

/** Which engine wrote a backup file, from its first bytes; null for anything else. */
export function backupEngineOf(head: Buffer): BackupEngine | null {
  if (head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) {
    return 'pglite';
  }
  if (head.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC)) {
    return 'postgres';
  }
  return null;
}

export interface BackupTarget {
  database: Database;
  databaseUrl: string | undefined;
}

/** Writes a backup of the open database to `file` (never over an existing file). */
export async function backup(
  target: BackupTarget,
  file: string,
): Promise<{ engine: BackupEngine; bytes: number }> {
  await refuseExisting(file);
  if (target.database.kind === 'pglite') {
    const dump = target.database.dump;
    if (!dump) {
      throw new AdminError('This embedded database cannot be dumped');
    }
    const blob = await dump();
    await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()), { flag: 'wx' });
  } else {
    await runPgTool('pg_dump', urlOf(target), ['--format=custom', '--no-owner', `--file=${file}`]);
  }
  return { engine: target.database.kind, bytes: (await fs.stat(file)).size };
}

/**
 * Restores `file` into the configured database, which must hold no clinic data yet: for the
 * embedded database an empty DATA_DIR, for PostgreSQL a database without Homestretch's tables.
 */
export async function restore(
  target: { kind: BackupEngine; dataDir: string; databaseUrl: string | undefined },
  file: string,
): Promise<{ engine: BackupEngine; bytes: number }> {
  const content = await readBackup(file);
  const engine = backupEngineOf(content);
  if (!engine) {
    throw new AdminError(`${file} is not a Homestretch backup (made by npm run admin -- backup)`);
  }
  if (engine !== target.kind) {
    throw new AdminError(
      engine === 'pglite'
        ? `${file} is a backup of the embedded database: restore it without DATABASE_URL`
        : `${file} is a backup of a PostgreSQL server: restore it with DATABASE_URL set`,
    );
  }
  if (engine === 'pglite') {
    await restorePglite(target.dataDir, content);
  } else {
    await restorePostgres(target.databaseUrl ?? '', file);
  }
  return { engine, bytes: content.length };
}

async function restorePglite(dataDir: string, content: Buffer): Promise<void> {
  const entries = await fs.readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new AdminError(
      `${dataDir} is not empty: move it away (or set DATA_DIR to a new folder) before restoring`,
    );
  }
  const database = await openPglite({ dataDir, loadDataDir: new Blob([content]) });
  try {
    // The load happens on open; a query proves the restored files are a database.
    await database.db.execute(sql`select 1`);
  } finally {
    await database.close();
  }
}

async function restorePostgres(url: string, file: string): Promise<void> {
  const database = await openPostgres(url);
  try {
    const [tables = 0] = await queryRows(
      database.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      (row) => col.number(row, 'n'),
    );
    if (tables > 0) {
      throw new AdminError(
        'The database of DATABASE_URL already has tables: restore into a new, empty database',
      );
    }
  } finally {
    await database.close();
  }
  await runPgTool('pg_restore', url, ['--no-owner', '--exit-on-error', file]);
}

async function readBackup(file: string): Promise<Buffer> {
  try {
    return await fs.readFile(file);
  } catch {
    throw new AdminError(`Cannot read ${file}`);
  }
}

async function refuseExisting(file: string): Promise<void> {
  const exists = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (exists) {
    throw new AdminError(`${file} exists already: choose a new file name`);
  }
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
}

function urlOf(target: BackupTarget): string {
  if (!target.databaseUrl) {
    throw new AdminError('DATABASE_URL is not set');
  }
  return target.databaseUrl;
}

/**
 * Runs a PostgreSQL client tool against the database of `url`, its own words on failure. The
 * password goes through the environment, not the command line every user of the machine sees.
 */
function runPgTool(command: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${address.toString()}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new AdminError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`
            : `${command} failed: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new AdminError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
