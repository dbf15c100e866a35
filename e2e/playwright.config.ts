import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
// Per port, so two suites on one machine never share a database.
const DATA_DIR = path.resolve(import.meta.dirname, `.tmp/e2e-data-${PORT}`);

/** Debian's Chromium, never a downloaded browser (ARCHITECTURE.md); flags for this closed network. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
  ],
  // The production build served by the real server, on a fresh embedded database with demo data.
  webServer: {
    command: `rm -rf "${DATA_DIR}" && npx tsx ../apps/server/src/main.ts`,
    url: `http://localhost:${PORT}/clinic/check_code?code=DEMO2026`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEMO_SEED: 'on',
      // The tests read OTP codes and links from the outbox, as this machine (loopback).
      DEV_OUTBOX: 'on',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
    },
  },
});
