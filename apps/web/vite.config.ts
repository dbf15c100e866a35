/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { patientAppEarlyRequests } from './build/early-requests';

const ZOD_JSON_SCHEMA_MODULE =
  /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const ZOD_JSON_SCHEMA_STAND_IN = fileURLToPath(
  new URL('./build/zod-without-json-schema.js', import.meta.url),
);

/** Builds zod without its JSON Schema modules (see build/zod-without-json-schema.js). */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('zod') || !source.includes('json-schema')) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && ZOD_JSON_SCHEMA_MODULE.test(resolved.id) ? ZOD_JSON_SCHEMA_STAND_IN : null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    zodWithoutJsonSchema(),
    patientAppEarlyRequests('app/index.html'),
  ],
  server: {
    port: 5173,
    // In development the API runs on :3000; same-origin proxying keeps cookies first-party.
    proxy: Object.fromEntries(
      [
        '/api',
        '/clinic',
        '/user',
        '/authentication',
        '/video',
        '/chat',
        '/analytics',
        '/admin',
        '/dev',
        '/app-api',
        '/socket.io',
      ].map((prefix) => [prefix, { target: 'http://localhost:3000', ws: prefix === '/socket.io' }]),
    ),
  },
  // The manifest tells scripts/check-web-budgets.mjs which chunks each screen loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // Two pages: the staff app, and the patients' app at /app, which loads none of the staff
    // app's code (scripts/check-web-budgets.mjs checks it).
    rollupOptions: {
      input: {
        staff: fileURLToPath(new URL('./index.html', import.meta.url)),
        patient: fileURLToPath(new URL('./app/index.html', import.meta.url)),
      },
    },
    // Browsers without modulepreload (Safari before 17) still load every chunk, only without
    // the head start; the polyfill would cost every screen its bytes.
    modulePreload: { polyfill: false },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Files share one module graph and one jsdom per worker: a fresh graph and window for every
    // file cost four fifths of this project's time (docs/testing.md). A test that replaces a
    // module (vi.mock) or reads what a module holds from its first import is named
    // *.isolated.test.tsx and runs in vitest.isolated.config.ts, with fresh modules per file.
    isolate: false,
    exclude: ['**/node_modules/**', 'src/**/*.isolated.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The browser in the fixtures' clinic zone, as most of a clinic's staff are; a test of a
    // viewer elsewhere sets process.env.TZ itself (lib/clinic-time.test.ts).
    env: { TZ: 'America/New_York' },
    css: false,
    // Full-screen flows with many user events; a busy shared CI machine needs the headroom.
    testTimeout: 20_000,
  },
});
