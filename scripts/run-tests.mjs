// `npm test`: the README's test command, part by part, stopping at the first that fails, then a
// table of how long each part took (issue 29: the suite's time is measured before it is cut).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

const timings = [];
let failed = null;
for (const [name, script] of PARTS) {
  const started = performance.now();
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  timings.push([name, (performance.now() - started) / 1000]);
  if (result.status !== 0) {
    failed = { name, status: result.status ?? 1 };
    break;
  }
}

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
