/**
 * The fault tests' real server: the run's bundle of `apps/server/src/main.ts`, as `npm start` runs
 * it (test/global-setup.ts), in a child process of its own, on a database of its own that outlives
 * the process, so a test can kill -9 it and start it again on the same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Db, openPglite, openPostgres } from '../../db/client';
import { TEST_PASSWORD, createClinic, createUser } from '../harness';
import { postgresBaseUrl, postgresTestUrl } from '../test-engine';

/** Start-up on a busy 2-core machine. */
const READY_WITHIN_MS = 120_000;

/** The accounts freshStore makes, signed in with the harness's TEST_PASSWORD. */
export const ACCOUNTS = {
  therapist: 'therapist@fault.homestretch.test',
  admin: 'admin@fault.homestretch.test',
} as const;

/** A clinic with a therapist and an administrator: what the fault tests sign in as. */
async function addAccounts(db: Db): Promise<void> {
  const clinic = await createClinic(db);
  await createUser(db, { clinicId: clinic.id, role: 'therapist', email: ACCOUNTS.therapist });
  await createUser(db, { clinicId: clinic.id, role: 'admin', email: ACCOUNTS.admin });
}

/** A port nobody listens on now (the kernel's pick), kept by a file across its server's restarts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Store {
  dataDir: string;
  /** Set on PostgreSQL: a database of this file's own. */
  databaseUrl: string | undefined;
  /** A client on the store's database (PostgreSQL only), for checks while the server runs. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  remove(): Promise<void>;
}

/**
 * A migrated database with the ICD-10 codes, as a server's first start leaves it, cloned from
 * the run's prepared one (global-setup.ts): the PGlite dump unpacked into a new DATA_DIR, or on
 * PostgreSQL a new database from the migrated template; and the ACCOUNTS (the demo seed's
 * thousands of rows would cost a slow machine a quarter of a minute). `name` keeps files apart.
 */
export async function freshStore(name: string): Promise<Store> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hs-fault-${name}-`));
  const base = postgresBaseUrl();
  if (!base) {
    const dump = await fs.readFile(inject('pgliteDump'));
    const database = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
    await addAccounts(database.db);
    await database.close();
    return {
      dataDir,
      databaseUrl: undefined,
      query: () => Promise.reject(new Error('PGlite: stop the server and open the data dir')),
      remove: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const template = new URL(base).pathname.slice(1);
  const database = `${template}_fault_${name}`;
  const databaseUrl = new URL(base);
  databaseUrl.pathname = `/${database}`;
  // The worker's own database is the one to connect to: a template takes no sessions.
  const admin = new pg.Client({ connectionString: postgresTestUrl() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${database}" with (force)`);
    // Another file copying the template at the same moment holds it for an instant (55006).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`create database "${database}" template "${template}"`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 20) {
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await admin.end();
  }
  const seeding = await openPostgres(databaseUrl.toString());
  await addAccounts(seeding.db);
  await seeding.close();
  const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
  pool.on('error', () => undefined);
  return {
    dataDir,
    databaseUrl: databaseUrl.toString(),
    query: async (text, values) => (await pool.query(text, values)).rows as never,
    remove: async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: postgresTestUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${database}" with (force)`);
      await cleanup.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  base: string;
  pid: number;
  /** What the server wrote to stdout and stderr (pino lines at LOG_LEVEL=warn, and crashes). */
  output(): string;
  /** Whether it has exited, and how. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited(): boolean;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

// A test that fails or times out must not leave a server behind (its own group, see below).
process.once('exit', () => running.forEach((child) => killGroup(child, 'SIGKILL')));

/**
 * Starts the server and resolves once it answers HTTP (main.ts listens last, after migrations and
 * seeds). Rejects, with what it printed, if it exits first or does not answer in time.
 */
export async function startServer(
  store: Pick<Store, 'dataDir' | 'databaseUrl'>,
  port: number,
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: store.dataDir,
    DEMO_SEED: 'off',
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'off',
    INIT_CWD: '/',
    ...options.env,
  };
  delete env.DATABASE_URL;
  const databaseUrl = options.databaseUrl ?? store.databaseUrl;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
  }
  // Its own process group, so a kill reaches everything it started (ffmpeg while processing).
  const child = spawn(process.execPath, [path.join(inject('serverBundle'), 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const server: ServerProcess = {
    base,
    pid: child.pid!,
    output: () => output,
    exit,
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (server.exited()) {
      throw new Error(`The server exited before answering:\n${output}`);
    }
    try {
      await fetch(`${base}/chat/unread`, { signal: AbortSignal.timeout(5_000) });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  killGroup(child, 'SIGKILL');
  throw new Error(`The server did not answer within ${READY_WITHIN_MS} ms:\n${output}`);
}

/** kill -9: no shutdown handler runs, nothing is flushed or closed. */
export async function kill9(server: ServerProcess): Promise<void> {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.exit;
}

/**
 * Runs `check` with a query function on the store's database: on PostgreSQL at any time, on PGlite
 * only with the server stopped (one process owns the data directory).
 */
export async function inspectStore<T>(
  store: Store,
  check: (query: <R>(text: string, values?: unknown[]) => Promise<R[]>) => Promise<T>,
): Promise<T> {
  if (store.databaseUrl) {
    return check((text, values) => store.query(text, values));
  }
  const database = await openPglite({ dataDir: store.dataDir });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return await check(async (text, values) => (await client.query(text, values)).rows as never);
  } finally {
    await database.close();
  }
}

/** A clean stop (SIGTERM: main.ts closes the app and the database), SIGKILL if it hangs. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.exited()) {
    return;
  }
  process.kill(-server.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 30_000);
  await server.exit;
  clearTimeout(timer);
}

/** pino's error and fatal lines (level 50 and 60): a clean start prints none. */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => /"level":(50|60)\b/.test(line));
}

/** A signed-in person: their cookie and the Origin the server's CSRF check wants. */
export interface Caller {
  cookie: string;
  origin: string;
}

export async function signIn(base: string, email: string): Promise<Caller> {
  const response = await fetch(`${base}/clinic/therapist/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`Sign-in of ${email}: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, origin: base };
}

/** One API call; `timeoutMs` bounds it, so a hung answer fails the test instead of the run. */
export async function api<T = unknown>(
  base: string,
  caller: Caller | null,
  method: string,
  url: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(caller ? { cookie: caller.cookie, origin: caller.origin } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** FAULT_SEED replays a run; otherwise a new seed each run, which a failure message names. */
export function faultSeed(): number {
  const given = Number(process.env.FAULT_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 1_000_000) + 1;
}
