// Runs the server's API suite a second time against real PostgreSQL when TEST_DATABASE_URL is set
// (CI sets it); a laptop without PostgreSQL skips this step and says so.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API suite on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run it)');
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_ENGINE: 'postgres' },
});
process.exit(result.status ?? 1);
