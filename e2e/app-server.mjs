// The server the end-to-end suite drives, as `npm start` runs it: the production build on a fresh
// embedded database with the demo data. Playwright's config starts it, unless `npm test` started
// it already, while the API suite ran on PostgreSQL (docs/testing.md).
import path from 'node:path';

export const E2E_DIR = import.meta.dirname;
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** The sample clinic page (examples/clinic-app), on its own origin: the trusted one (spec §4). */
export const CLINIC_PORT = E2E_PORT + 1;
export const CLINIC_APP_ORIGIN = `http://127.0.0.1:${CLINIC_PORT}`;
/** Set by `npm test` once the server it started early answers. */
export const STARTED_ALREADY = 'E2E_SERVER_STARTED';

// Per port, so two suites on one machine never share a database.
const dataDir = path.resolve(E2E_DIR, `.tmp/e2e-data-${E2E_PORT}`);

/** How to start it, from E2E_DIR, and the address that answers once it is ready. */
export const APP_SERVER = {
  // `exec`: the shell becomes the server, so stopping the process stops the server.
  command: `rm -rf "${dataDir}" && exec node ../apps/server/dist/main.js`,
  url: `http://localhost:${E2E_PORT}/clinic/check_code?code=DEMO2026`,
  env: {
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    DEMO_SEED: 'on',
    // The tests read OTP codes and links from the outbox, as this machine (loopback).
    DEV_OUTBOX: 'on',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://localhost:${E2E_PORT}`,
    CLINIC_APP_ORIGIN,
  },
};
