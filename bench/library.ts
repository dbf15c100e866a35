/**
 * `npm run bench -- --library [--embedded]`: the exercise library under the load clinics make
 * (issue 11). A clinic of 10,000 videos beside the catalogue; therapists list, filter and search
 * it at an offered 50 listings a second while programs opened on phones and on the patient record
 * ask for 100 exercise figures a second (open loop). Then the closed-loop maximum of each, as a
 * ratio to a bare route doing the same reads and drawing (library-bare-server.ts).
 * Embedded: a PGlite data directory built for the run, which the server and then the bare route
 * open in turn (PGlite is one process's); PostgreSQL: BENCH_DATABASE_URL's database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  FIGURE_FRAMES,
  type FigureFrame,
  videoFigureUrl,
} from '@homestretch/contract/library/video-media';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import { videos } from '../apps/server/src/db/schema';
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
/** About a dozen programs of eight exercises opened a second: each row shows its figure. */
const OFFERED_FIGURES = 100 * Number(process.env.BENCH_RATE ?? 1);
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

/** A figure of one of the catalogue's drawn exercises, start or start and end. */
function nextFigure(drawn: readonly number[]): [id: number, frame: FigureFrame] {
  return [pick(drawn), pick(FIGURE_FRAMES)];
}

async function prepare(dataDir: string | null): Promise<{
  clinic: LibraryClinic;
  env: Record<string, string>;
  /** The catalogue's videos with a movement model: the ones a figure is drawn for. */
  drawn: number[];
}> {
  const database = dataDir ? await openPglite({ dataDir }) : await openPostgres(DATABASE_URL);
  try {
    await database.migrate();
    const clinic = await ensureLibraryClinic(database.db, log);
    // As autovacuum (PostgreSQL) and the daily maintenance (PGlite) leave a settled table:
    // planner statistics, and a visibility map so that counts read the index alone.
    await database.db.execute(sql`vacuum (analyze) videos`);
    const drawn = await database.db
      .select({ id: videos.id })
      .from(videos)
      .where(and(isNull(videos.clinicId), isNotNull(videos.movementId)))
      .orderBy(videos.id);
    return {
      drawn: drawn.map((row) => row.id),
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
  const { clinic, env, drawn } = await prepare(dataDir);
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const ms = (value: number) => value.toFixed(1);
  let app = startApp(env, APP_PORT);
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=BENCHLIB`, 300);
    const cookie = await signIn(appUrl, { email: LIBRARY_EMAIL, password: LIBRARY_PASSWORD });
    log(
      `Offered load: ${OFFERED} library listings and ${OFFERED_FIGURES} figures a second, ${SECONDS} s…`,
    );
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      streams: [
        { name: 'listing', rate: OFFERED, nextPath: () => `/video/list?${nextListing()}` },
        {
          name: 'figure',
          rate: OFFERED_FIGURES,
          nextPath: () => videoFigureUrl(...nextFigure(drawn)),
        },
      ],
      headers: { cookie },
      warmupSeconds: 3,
      seconds: SECONDS,
    });
    const open = offered.get('listing')!;
    const openFigures = offered.get('figure')!;
    const closedRun = (baseUrl: string, nextPath: () => string, headers: Record<string, string>) =>
      runLoad({
        baseUrl,
        nextPath,
        headers,
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    log(`Closed loop: ${CONCURRENCY} clients…`);
    const real = await closedRun(appUrl, () => `/video/list?${nextListing()}`, { cookie });
    const realFigures = await closedRun(appUrl, () => videoFigureUrl(...nextFigure(drawn)), {
      cookie,
    });
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
    const bare: LoadResult = await closedRun(bareUrl, () => `/bare-library?${nextListing()}`, {});
    const bareFigures: LoadResult = await closedRun(
      bareUrl,
      () => `/bare-figure/${nextFigure(drawn).join('/')}`,
      {},
    );

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const engine = EMBEDDED ? 'embedded PGlite' : 'PostgreSQL, one server process, pool of 20';
    const text = `Last run: ${when} UTC, ${engine}, ${CLINIC_VIDEOS.toLocaleString('en-US')} clinic videos and the catalogue (the physical-therapy collection and the 873 of strength and conditioning); ${SECONDS} s a measurement after a 3 s warm-up. The mix: 25 % a page of the library, 10 % a page of the physical-therapy collection (the program builder's), 20 % a body part, 35 % a search (names, synonyms such as "SLR", a typo), 10 % the caller's own videos. The figures: one of the catalogue's ${drawn.length} drawn exercises each, its start or its start and end, as a program's rows ask for them.

| Listing | req/s | p50 ms | p95 ms | p99 ms | errors | target |
|---|---|---|---|---|---|---|
| Offered load (open loop) | ${OFFERED} | ${ms(open.p50)} | ${ms(open.p95)} | ${ms(open.p99)} | ${open.errors} | p95 < ${TARGET_P95_MS} ms |
| Closed loop, ${CONCURRENCY} clients: GET /video/list | ${Math.round(real.throughput)} | ${ms(real.p50)} | ${ms(real.p95)} | ${ms(real.p99)} | ${real.errors} | ratio ${(real.throughput / bare.throughput).toFixed(2)} to the bare route |
| Closed loop, ${CONCURRENCY} clients: bare route, same SQL | ${Math.round(bare.throughput)} | ${ms(bare.p50)} | ${ms(bare.p95)} | ${ms(bare.p99)} | ${bare.errors} | baseline |
| Figures, offered load (open loop): GET /video/{id}/figure/{frame} | ${OFFERED_FIGURES} | ${ms(openFigures.p50)} | ${ms(openFigures.p95)} | ${ms(openFigures.p99)} | ${openFigures.errors} | p95 < ${TARGET_P95_MS} ms |
| Closed loop, ${CONCURRENCY} clients: figure | ${Math.round(realFigures.throughput)} | ${ms(realFigures.p50)} | ${ms(realFigures.p95)} | ${ms(realFigures.p99)} | ${realFigures.errors} | ratio ${(realFigures.throughput / bareFigures.throughput).toFixed(2)} to the bare route |
| Closed loop, ${CONCURRENCY} clients: bare route, same read and drawing | ${Math.round(bareFigures.throughput)} | ${ms(bareFigures.p50)} | ${ms(bareFigures.p95)} | ${ms(bareFigures.p99)} | ${bareFigures.errors} | baseline |`;
    log(`\n${text}\n`);
    await writeBlock(EMBEDDED ? 'library-embedded' : 'library', text);
    const failed = [open, openFigures, real, realFigures, bare, bareFigures];
    if (failed.some((result) => result.errors > 0)) {
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
