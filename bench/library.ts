/**
 * `npm run bench -- --library [--embedded]`: the exercise library under the load clinics make
 * (issue 11). A clinic of 10,000 videos beside the 873-item catalogue; therapists list, filter
 * and search it at an offered 50 listings a second (open loop). Then the closed-loop maximum of
 * the listing, as a ratio to a bare route running the same SQL (library-bare-server.ts).
 * Embedded: a PGlite data directory built for the run, which the server and then the bare route
 * open in turn (PGlite is one process's); PostgreSQL: BENCH_DATABASE_URL's database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import {
  CONCURRENCY,
  DATABASE_URL,
  SECONDS,
  ensureDatabase,
  log,
  signIn,
  startApp,
  startServer,
  stopServer,
  waitFor,
  writeBlock,
} from './harness';
import {
  CLINIC_VIDEOS,
  LIBRARY_EMAIL,
  LIBRARY_PASSWORD,
  LIBRARY_SEARCHES,
  type LibraryClinic,
  ensureLibraryClinic,
} from './library-clinic';
import { type LoadResult, runLoad, runOpenLoop } from './load';

const EMBEDDED = process.argv.includes('--embedded');
const OFFERED = 50 * Number(process.env.BENCH_RATE ?? 1);
const TARGET_P95_MS = EMBEDDED ? 60 : 30;
const APP_PORT = 3404;
const BARE_PORT = 3405;

const BODY_PARTS = ['Neck', 'Shoulder', 'Back', 'Knee and thigh', 'Core'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * What a therapist's library clicks look like: the first pages, the program builder's
 * physical-therapy pages, a body part, a search, their own videos. The same query string goes to
 * the bare route, which reads the same parameters.
 */
function nextListing(): string {
  const roll = Math.random();
  if (roll < 0.25) {
    return `page=${1 + Math.floor(Math.random() * 4)}`;
  }
  if (roll < 0.35) {
    return `collection=physical-therapy&page=${1 + Math.floor(Math.random() * 2)}`;
  }
  if (roll < 0.55) {
    return `body_parts=${encodeURIComponent(pick(BODY_PARTS))}`;
  }
  if (roll < 0.9) {
    return `search=${encodeURIComponent(pick(LIBRARY_SEARCHES))}`;
  }
  return 'scope=mine';
}

async function prepare(
  dataDir: string | null,
): Promise<{ clinic: LibraryClinic; env: Record<string, string> }> {
  const database = dataDir ? await openPglite({ dataDir }) : await openPostgres(DATABASE_URL);
  try {
    await database.migrate();
    const clinic = await ensureLibraryClinic(database.db, log);
    // As autovacuum (PostgreSQL) and the daily maintenance (PGlite) leave a settled table:
    // planner statistics, and a visibility map so that counts read the index alone.
    await database.db.execute(sql`vacuum (analyze) videos`);
    return {
      clinic,
      env: dataDir ? { DATA_DIR: dataDir, DEMO_SEED: 'off' } : { DATABASE_URL, DEMO_SEED: 'off' },
    };
  } finally {
    await database.close();
  }
}

export async function runLibraryBench(): Promise<void> {
  const dataDir = EMBEDDED ? await mkdtemp(path.join(os.tmpdir(), 'homestretch-library-')) : null;
  if (!dataDir) {
    await ensureDatabase(DATABASE_URL);
  }
  const { clinic, env } = await prepare(dataDir);
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const ms = (value: number) => value.toFixed(1);
  let app = startApp(env, APP_PORT);
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=BENCHLIB`, 300);
    const cookie = await signIn(appUrl, { email: LIBRARY_EMAIL, password: LIBRARY_PASSWORD });
    log(`Offered load: ${OFFERED} library listings a second, ${SECONDS} s…`);
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      streams: [{ name: 'listing', rate: OFFERED, nextPath: () => `/video/list?${nextListing()}` }],
      headers: { cookie },
      warmupSeconds: 3,
      seconds: SECONDS,
    });
    const open = offered.get('listing')!;
    const closedRun = (baseUrl: string, route: string, headers: Record<string, string>) =>
      runLoad({
        baseUrl,
        nextPath: () => `${route}?${nextListing()}`,
        headers,
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    log(`Closed loop: ${CONCURRENCY} clients…`);
    const real = await closedRun(appUrl, '/video/list', { cookie });
    stopServer(app);
    // PGlite is one process's: the bare route opens the data directory once the server is gone.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    app = startServer(['npx', 'tsx', 'bench/library-bare-server.ts'], {
      ...env,
      PORT: String(BARE_PORT),
      BENCH_CLINIC_ID: String(clinic.clinicId),
      BENCH_USER_ID: String(clinic.therapistId),
    });
    await waitFor(`${bareUrl}/bare-library`);
    const bare: LoadResult = await closedRun(bareUrl, '/bare-library', {});

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const engine = EMBEDDED ? 'embedded PGlite' : 'PostgreSQL, one server process, pool of 20';
    const text = `Last run: ${when} UTC, ${engine}, ${CLINIC_VIDEOS.toLocaleString('en-US')} clinic videos and the catalogue (the physical-therapy collection and the 873 of strength and conditioning); ${SECONDS} s a measurement after a 3 s warm-up. The mix: 25 % a page of the library, 10 % a page of the physical-therapy collection (the program builder's), 20 % a body part, 35 % a search (names, synonyms such as "SLR", a typo), 10 % the caller's own videos.

| Listing | req/s | p50 ms | p95 ms | p99 ms | errors | target |
|---|---|---|---|---|---|---|
| Offered load (open loop) | ${OFFERED} | ${ms(open.p50)} | ${ms(open.p95)} | ${ms(open.p99)} | ${open.errors} | p95 < ${TARGET_P95_MS} ms |
| Closed loop, ${CONCURRENCY} clients: GET /video/list | ${Math.round(real.throughput)} | ${ms(real.p50)} | ${ms(real.p95)} | ${ms(real.p99)} | ${real.errors} | ratio ${(real.throughput / bare.throughput).toFixed(2)} to the bare route |
| Closed loop, ${CONCURRENCY} clients: bare route, same SQL | ${Math.round(bare.throughput)} | ${ms(bare.p50)} | ${ms(bare.p95)} | ${ms(bare.p99)} | ${bare.errors} | baseline |`;
    log(`\n${text}\n`);
    await writeBlock(EMBEDDED ? 'library-embedded' : 'library', text);
    if (open.errors + real.errors + bare.errors > 0) {
      throw new Error('Requests failed');
    }
  } finally {
    stopServer(app);
    if (dataDir) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
