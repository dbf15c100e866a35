import { defineConfig } from 'vitest/config';

// One runner for the whole repo; Playwright specs in e2e/ are not vitest's (ARCHITECTURE.md).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
