// Runs the server's API tests a second time against real PostgreSQL when TEST_DATABASE_URL is set
// (CI sets it); a laptop without PostgreSQL skips this step and says so. Only the files that talk
// to a database (`*.int.test.ts`): the pure rules' tests do the same on either engine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API suite on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run it)');
  process.exit(0);
}

/** Opens an embedded database of its own: the PGlite part ran it. */
const EMBEDDED_ONLY = ['src/seed/seed.int.test.ts'];

/**
 * Sweeps of every route with every role and with random payloads: their subject is the rules the
 * server applies before and around its queries, not the engine. Inside `npm test` the PGlite part
 * wrote down every statement it ran, these sweeps' included, and db/statements.int.test.ts has
 * PostgreSQL parse and analyse each one; every feature's own API tests still run here.
 */
const ENGINE_FREE_SWEEPS = [
  'src/platform/access-matrix.int.test.ts',
  'src/security/schema-fuzz.int.test.ts',
];

const catalogue = process.env.SQL_STATEMENTS_DIR;
const excluded = [...EMBEDDED_ONLY];
if (catalogue && existsSync(catalogue)) {
  excluded.push(...ENGINE_FREE_SWEEPS);
} else {
  console.log(
    'API suite on PostgreSQL: no statement catalogue from the PGlite part (npm test writes one), so the route sweeps run here too',
  );
}
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    ...excluded.flatMap((file) => ['--exclude', file]),
    '.int.test.ts',
  ],
  { stdio: 'inherit', env: { ...process.env, TEST_ENGINE: 'postgres' } },
);
process.exit(result.status ?? 1);
