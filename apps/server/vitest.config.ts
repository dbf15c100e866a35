import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Files in one worker share its modules and its database (src/test/harness.ts): opening a
    // fresh PGlite and importing the app again for every file cost two thirds of this project's
    // time (docs/testing.md). Tests isolate themselves by clinic, as they always have on
    // PostgreSQL; none may replace a module with vi.mock.
    isolate: false,
    // argon2 and a real database make single tests take a few hundred ms on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
