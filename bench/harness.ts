/**
 * What the bench scripts share: the bench database, starting and stopping servers, signing in,
 * and writing a measured block of docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const log = (message: string) => console.log(message);

/** BENCH_DATABASE_URL's database (created when missing), BENCH_SECONDS and BENCH_CONCURRENCY. */
export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homestretch_bench';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);

export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`Creating database ${name}`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/**
 * BENCH_SERVER_LOG=<folder>: each server's standard output goes to a file there, named by its
 * port (what `BENCH_NODE_FLAGS=--trace-gc` prints, to set a run's stalls beside its GC pauses).
 */
function serverOutput(env: Record<string, string>): 'ignore' | number {
  const folder = process.env.BENCH_SERVER_LOG;
  return folder ? openSync(path.join(folder, `server-${env.PORT ?? 'x'}.log`), 'a') : 'ignore';
}

export function startServer(command: string[], env: Record<string, string>): ChildProcess {
  // Its own process group: npx starts tsx, which starts node, and all of them must stop.
  return spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', serverOutput(env), 'inherit'],
    detached: true,
  });
}

export async function waitFor(url: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * V8 flags for the servers a bench starts, space-separated (`--trace-gc`, a heap size to try):
 * Node refuses most of them in NODE_OPTIONS, which would reach the load generator too.
 */
export const NODE_FLAGS = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];

/** The server as `npm start` runs it (its bundle, built first by `npm run bench`), on a port. */
export function startApp(env: Record<string, string>, port: number): ChildProcess {
  return startServer(['node', ...NODE_FLAGS, '--enable-source-maps', 'apps/server/dist/main.js'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    COOKIE_SECURE: 'off',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
}

/** Stops a server started by startServer, with everything it started. */
export function stopServer(server: ChildProcess): void {
  if (server.pid !== undefined) {
    process.kill(-server.pid, 'SIGTERM');
  }
}

export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/clinic/therapist/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) {
    throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]);
  return cookie.join('; ');
}

const REPORT = path.join(ROOT, 'docs/benchmarks.md');

/** Replaces one measured block of docs/benchmarks.md; the reading of it around stays as written. */
export async function writeBlock(block: string, text: string): Promise<void> {
  const start = `<!-- bench:${block}:start -->`;
  const end = `<!-- bench:${block}:end -->`;
  const marked = `${start}\n${text}\n${end}`;
  const current = await readFile(REPORT, 'utf8').catch(() => '# Benchmarks\n');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${marked}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${marked}\n`;
  await writeFile(REPORT, next);
  log('Wrote docs/benchmarks.md');
}
