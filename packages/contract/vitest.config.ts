import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure functions of schemas and constants: nothing a file could leave behind for the next.
  test: { name: 'contract', include: ['src/**/*.test.ts'], isolate: false },
});
