import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo; Playwright specs in e2e/ are not vitest's (ARCHITECTURE.md).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
    ],
    // A worker per core. Vitest leaves one core to itself by default, which on a 2-core machine
    // runs one file at a time while its main process mostly waits (docs/benchmarks.md). Each
    // worker has its own database on either engine, which its server files share one after
    // another (apps/server/src/test/test-engine.ts).
    maxWorkers: os.availableParallelism(),
  },
});
