import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // argon2 and a real database make single tests take a few hundred ms on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
