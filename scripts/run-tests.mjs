// `npm test`: the README's test command, part by part, stopping at the first that fails, then a
// table of how long each part took (issue 29: the suite's time is measured before it is cut).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_SERVER, E2E_DIR, STARTED_ALREADY } from '../e2e/app-server.mjs';

const PARTS = [
  ['engines', 'test:engines'],
  ['unit and API (PGlite)', 'test:unit'],
  ['build', 'build'],
  ['script budgets', 'test:budgets:built'],
  ['API on PostgreSQL', 'test:postgres'],
  ['end to end (Chromium)', 'test:e2e:built'],
];

// The PGlite part writes down every statement it runs; the PostgreSQL part has the server check
// each one (apps/server/src/test/statement-catalogue.ts).
process.env.SQL_STATEMENTS_DIR = mkdtempSync(path.join(tmpdir(), 'homestretch-statements-'));

/**
 * The end-to-end suite's server takes half a minute to start on a fresh database with the demo
 * data, most of it on one core: it starts beside the API suite on PostgreSQL instead of before
 * the end-to-end part, where nothing else would run meanwhile (docs/testing.md).
 */
const EARLY_SERVER_BEFORE = 'API on PostgreSQL';
const E2E_PART = 'end to end (Chromium)';
const READY_WITHIN_MS = 180_000;
let appServer = null;

function startAppServer() {
  const child = spawn(APP_SERVER.command, {
    cwd: E2E_DIR,
    shell: true,
    env: { ...process.env, ...APP_SERVER.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', () => resolve(true)));
  return { child, exited };
}

/** Resolves once the server answers; rejects if it exits or does not answer in time. */
async function whenReady(server) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    const answered = await fetch(APP_SERVER.url)
      .then((response) => response.ok)
      .catch(() => false);
    if (answered) {
      return;
    }
    const exited = await Promise.race([server.exited, sleep(250)]);
    if (exited) {
      throw new Error('the end-to-end server exited before it answered');
    }
  }
  throw new Error(`the end-to-end server did not answer ${APP_SERVER.url} within 3 minutes`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(() => resolve(false), ms));

const timings = [];
let failed = null;
for (const [name, script] of PARTS) {
  const started = performance.now();
  if (name === EARLY_SERVER_BEFORE) {
    appServer = startAppServer();
  }
  if (name === E2E_PART && appServer) {
    try {
      await whenReady(appServer);
      process.env[STARTED_ALREADY] = '1';
    } catch (error) {
      console.error(`npm test: ${error.message}`);
      timings.push([name, (performance.now() - started) / 1000]);
      failed = { name, status: 1 };
      break;
    }
  }
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  timings.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    failed = { name, status: result.status ?? 1 };
    break;
  }
}

appServer?.child.kill();
rmSync(process.env.SQL_STATEMENTS_DIR, { recursive: true, force: true });

const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
const width = Math.max(...PARTS.map(([name]) => name.length), 'total'.length);
const line = (name, seconds) => `${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s`;
console.log(`\nnpm test, part by part${failed ? ` (stopped: ${failed.name} failed)` : ''}:`);
for (const [name, seconds] of timings) {
  console.log(line(name, seconds));
}
console.log(line('total', total));
process.exit(failed ? failed.status : 0);
