import { defineConfig, devices } from '@playwright/test';
import {
  APP_SERVER,
  CLINIC_APP_ORIGIN,
  CLINIC_PORT,
  E2E_PORT,
  STARTED_ALREADY,
} from './app-server.mjs';
import { launchOptions } from './browser.mjs';

export default defineConfig({
  testDir: './tests',
  // Tests make what they change under unique names and each project signs in as its own
  // clinician, so they run in any order and at once: two workers share the one server.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failed test is tried once more, with a trace, and reported as flaky if it then passes.
  // Recording a trace of every test (retain-on-failure) cost the suite a third of its time on a
  // 2-core machine (docs/testing.md), so only the retry records one.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'on-first-retry',
    // As a person who asked for less motion: spinners, skeletons and transitions stand still
    // (tokens.css), which is the same page to every check here and spares Chromium, painting
    // without a GPU, a frame every 16 ms while they run (docs/testing.md: a tenth of the CPU of
    // the suite). Tests of the exercise figures' motion ask for motion themselves.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    // Signs the demo accounts in once through the login form (tests/sign-in.setup.ts).
    {
      name: 'setup',
      testMatch: /\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'desktop',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    // Only the tests tagged @phone: those on screens a phone lays out differently (the app
    // layout's bottom menu, the patient and staff lists as cards) and the patients' own sign-up
    // (docs/testing.md). Every other test runs on the desktop only. The phone's CSS size, touch
    // and user agent, drawn at one device pixel per CSS pixel: layout is the same, and Chromium
    // without a GPU painted 2.6² times the pixels for nothing a test reads.
    {
      name: 'phone',
      dependencies: ['setup'],
      grep: /@phone/,
      use: { ...devices['Pixel 7'], deviceScaleFactor: 1, launchOptions },
    },
  ],
  // The production build served by the real server, on a fresh embedded database with demo data:
  // `npm run test:e2e` builds it first (the web app and dist/main.js, as `npm start` runs).
  webServer: [
    {
      ...APP_SERVER,
      timeout: 180_000,
      // `npm test` starts it while the API suite runs on PostgreSQL and says so once it answers;
      // otherwise a server already on the port is a mistake, never a server to reuse.
      reuseExistingServer: process.env[STARTED_ALREADY] === '1',
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ../examples/clinic-app/serve.mjs --port ${CLINIC_PORT} --app http://localhost:${E2E_PORT}`,
      url: `${CLINIC_APP_ORIGIN}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
