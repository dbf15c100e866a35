/**
 * `npm run bench`: the load clinics make, on the real server.
 *
 * PostgreSQL (default): builds (once) a clinic of 100,000 patients and 20 million health samples,
 * starts the server on it and a bare Fastify route beside it, and measures
 * - at an offered load (open loop): 100 roster searches, 50 patient records and 50 metric charts
 *   a second, together, as a large clinic's staff would send them at their busiest;
 * - each call alone at 50 closed-loop clients: the highest throughput, as a ratio to the bare
 *   route (reported, not a target).
 * `--embedded`: the same on the embedded default (PGlite) with the demo clinic, started as
 * `npm start` starts it.
 * `--upload`: upload throughput instead (bench/upload.ts), on the embedded default.
 * `--library`, `--hep`, `--monitoring`, `--chat`, `--billing`: the exercise library
 * (bench/library.ts), home exercise programs (bench/hep.ts), monitoring time (bench/monitoring.ts),
 * real-time chat (bench/chat.ts) and RTM billing (bench/billing.ts).
 *
 * Figures are printed and written to docs/benchmarks.md; read them as ratios to the bare route of
 * the same run, because these machines are shared and their speed varies.
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/homestretch_bench) picks the
 * database; it is created when missing. BENCH_SECONDS and BENCH_CONCURRENCY tune the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  BENCH_SEARCHES,
  DAYS,
  ensureLargeClinic,
  type BenchClinic,
} from './large-clinic';
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
import { runBillingBench } from './billing';
import { runChatBench } from './chat';
import { runHepBench } from './hep';
import { runMonitoringBench } from './monitoring';
import { runLibraryBench } from './library';
import { type LoadResult, type OpenLoopStream, runLoad, runOpenLoop } from './load';
import { UPLOAD_FILE_MB, UPLOAD_RUNS, measureUploads } from './upload';

/** Words of scenario names (`record,charts`): runs only those, and leaves the report alone. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const EMBEDDED = process.argv.includes('--embedded');
const UPLOAD = process.argv.includes('--upload');
/**
 * The offered load (requests a second): a large clinic's staff at their busiest on PostgreSQL;
 * on the embedded default, a small clinic's (its one process is the whole database), a tenth.
 */
const OFFERED_AT_TARGET = EMBEDDED
  ? { search: 10, record: 5, charts: 5 }
  : { search: 100, record: 50, charts: 50 };
/** Issue 9: a record and a chart with ten clients at once, closed loop. */
const TEN_CLIENTS = 10;
/** BENCH_RATE scales it (0.5: half), to find what a machine sustains; only 1 writes the report. */
const RATE = Number(process.env.BENCH_RATE ?? 1);
const OFFERED = {
  search: OFFERED_AT_TARGET.search * RATE,
  record: OFFERED_AT_TARGET.record * RATE,
  charts: OFFERED_AT_TARGET.charts * RATE,
};
const APP_PORT = 3400;
const BARE_PORT = 3401;

/** The same kinds of search on the demo clinic's 40 patients. */
const DEMO_SEARCHES = [
  'ma',
  'jose nunez',
  'nunez',
  'kowal',
  'obrien',
  'renee',
  'bjorn l',
  'fitzgerald',
  '555',
  'knee',
  'M54',
  'wei chen',
];

/** A third of the clinic or more matches these: their count stops at 1,000. */
const BROAD_SEARCHES = ['knee', 'M54'];

/** The clinic a run measures: who signs in, what they search, which patients they open. */
interface Target {
  label: string;
  credentials: { email: string; password: string };
  searches: string[];
  patientIds: number[];
  volume: string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** The bench clinic in PostgreSQL, built once. */
async function preparePostgres(): Promise<{ target: Target; env: Record<string, string> }> {
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  await database.migrate();
  const started = Date.now();
  const clinic: BenchClinic = await ensureLargeClinic(database.db, log);
  // Fresh planner statistics: a migration may just have rewritten tables (search words, counters).
  await database.db.execute(sql`analyze`);
  const counts = (await database.db.execute(sql`
    select (select count(*) from patients where clinic_id = ${clinic.clinicId}) as patients,
           (select count(*) from health_samples where clinic_id = ${clinic.clinicId}) as samples`)) as {
    rows: { patients: string; samples: string }[];
  };
  await database.close();
  const { patients, samples } = counts.rows[0]!;
  const volume = `${Number(patients).toLocaleString('en-US')} patients, ${Number(samples).toLocaleString('en-US')} health samples`;
  log(`Clinic ready in ${Math.round((Date.now() - started) / 1000)} s: ${volume}`);
  const span = clinic.lastPatientId - clinic.firstPatientId + 1;
  return {
    target: {
      label: 'PostgreSQL, one server process, pool of 20',
      credentials: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
      searches: BENCH_SEARCHES,
      patientIds: Array.from({ length: span }, (_, index) => clinic.firstPatientId + index),
      volume,
    },
    env: { DATABASE_URL, DEMO_SEED: 'off' },
  };
}

/** The demo clinic on the embedded database, as `npm start` makes it. */
async function prepareEmbedded(
  dataDir: string,
): Promise<{ target: Target; env: Record<string, string> }> {
  return {
    target: {
      label: 'embedded PGlite',
      credentials: { email: 'therapist@demo.homestretch.test', password: 'Demo-pass-2026' },
      searches: DEMO_SEARCHES,
      patientIds: [],
      volume: 'the demo clinic (40 patients, 120 days of health data)',
    },
    env: { DATA_DIR: dataDir, DEMO_SEED: 'on' },
  };
}

/** Ids of the patients the signed-in therapist's roster lists (the demo clinic's). */
async function rosterIds(baseUrl: string, cookie: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl}/api/v1/patients/?status=all&page=${page}`, {
      headers: { cookie },
    });
    const body = (await response.json()) as { results: { id: number }[]; count: number };
    ids.push(...body.results.map((patient) => patient.id));
    if (body.results.length === 0 || ids.length >= body.count) {
      return ids;
    }
  }
}

/** What `npm start` runs: the server bundle (`npm run bench` builds it first). */
async function main(): Promise<void> {
  const dataDir = EMBEDDED ? await mkdtemp(path.join(os.tmpdir(), 'homestretch-bench-')) : null;
  const { target, env } = dataDir ? await prepareEmbedded(dataDir) : await preparePostgres();
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const servers = [
    startApp(env, APP_PORT),
    startServer(['npx', 'tsx', 'bench/bare-server.ts'], { PORT: String(BARE_PORT) }),
  ];
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=BENCH100K`, 300);
    await waitFor(`${bareUrl}/bare`);
    const cookie = await signIn(appUrl, target.credentials);
    const patientIds =
      target.patientIds.length > 0 ? target.patientIds : await rosterIds(appUrl, cookie);
    const paths = {
      search: () => `/api/v1/patients/?search=${encodeURIComponent(pick(target.searches))}`,
      record: () => `/api/v1/patients/${pick(patientIds)}/`,
      charts: () =>
        `/user/therapist/dashboard/health/${pick(patientIds)}?from=${isoDay(-(DAYS - 1))}&to=${isoDay(0)}`,
    };

    log(
      `Offered load on ${target.label}: ${OFFERED.search} searches, ${OFFERED.record} records and ${OFFERED.charts} charts a second, ${SECONDS} s…`,
    );
    const streams: OpenLoopStream[] = [
      { name: 'Patient search', rate: OFFERED.search, nextPath: paths.search },
      { name: 'Patient record', rate: OFFERED.record, nextPath: paths.record },
      { name: `Metric charts, ${DAYS} days`, rate: OFFERED.charts, nextPath: paths.charts },
    ];
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      streams,
      headers: { cookie },
      warmupSeconds: 3,
      seconds: SECONDS,
    });
    const targets: Record<string, string> = {
      'Patient search': 'p95 < 30 ms',
      'Patient record': 'p95 < 50 ms',
      [`Metric charts, ${DAYS} days`]: 'p95 < 50 ms',
    };
    const ms = (value: number) => value.toFixed(1);
    const offeredTable = [
      '| Call | offered req/s | p50 ms | p95 ms | p99 ms | errors | target |',
      '|---|---|---|---|---|---|---|',
      ...streams.map((stream) => {
        const result = offered.get(stream.name)!;
        return `| ${stream.name} | ${stream.rate} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.errors} | ${targets[stream.name]} |`;
      }),
    ].join('\n');
    log(`\n${offeredTable}\n`);

    log(`Closed loop: ${CONCURRENCY} clients, ${SECONDS} s a call…`);
    const closed = (baseUrl: string, nextPath: () => string) =>
      runLoad({
        baseUrl,
        nextPath,
        headers: { cookie },
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    const baseline = await closed(bareUrl, () => '/bare');
    const plans: { name: string; nextPath: () => string }[] = [
      { name: 'Signed-in reference: current user', nextPath: () => '/api/v1/users/' },
      { name: 'Patient search (the mix)', nextPath: paths.search },
      {
        name: '… broad: a diagnosis word, an ICD-10 chapter',
        nextPath: () => `/api/v1/patients/?search=${pick(BROAD_SEARCHES)}`,
      },
      {
        name: 'Roster page (no search)',
        nextPath: () =>
          `/api/v1/patients/?page=${1 + Math.floor(Math.random() * (EMBEDDED ? 2 : 40))}`,
      },
      { name: 'Patient record', nextPath: paths.record },
      { name: `Metric charts, ${DAYS} days`, nextPath: paths.charts },
    ];
    const scenarios: { name: string; result: LoadResult }[] = [];
    for (const plan of plans) {
      if (!ONLY || ONLY.some((word) => plan.name.toLowerCase().includes(word))) {
        scenarios.push({ name: plan.name, result: await closed(appUrl, plan.nextPath) });
      }
    }
    const closedRow = (name: string, result: LoadResult) =>
      `| ${name} | ${Math.round(result.throughput)} | ${(result.throughput / baseline.throughput).toFixed(3)} | ${ms(result.p95)} | ${result.errors} |`;
    const closedTable = [
      `| Call | req/s at ${CONCURRENCY} clients | ratio to bare | p95 ms | errors |`,
      '|---|---|---|---|---|',
      closedRow('Bare Fastify route (baseline)', baseline),
      ...scenarios.map((scenario) => closedRow(scenario.name, scenario.result)),
    ].join('\n');
    log(`\n${closedTable}\n`);

    log(`Ten clients at once: record and charts, ${SECONDS} s each…`);
    const tenClients = [
      { name: 'Patient record', nextPath: paths.record, target: 'p95 < 50 ms' },
      { name: `Metric charts, ${DAYS} days`, nextPath: paths.charts, target: 'p95 < 100 ms' },
    ];
    const tenRows: string[] = [];
    for (const plan of tenClients) {
      const result = await runLoad({
        baseUrl: appUrl,
        nextPath: plan.nextPath,
        headers: { cookie },
        concurrency: TEN_CLIENTS,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
      scenarios.push({ name: `${plan.name} (${TEN_CLIENTS} clients)`, result });
      tenRows.push(
        `| ${plan.name} | ${Math.round(result.throughput)} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.errors} | ${plan.target} |`,
      );
    }
    const tenTable = [
      `| Call | req/s at ${TEN_CLIENTS} clients | p50 ms | p95 ms | p99 ms | errors | target (issue 9) |`,
      '|---|---|---|---|---|---|---|',
      ...tenRows,
    ].join('\n');
    log(`\n${tenTable}\n`);
    if (!ONLY && RATE === 1) {
      await writeReport(EMBEDDED ? 'embedded' : 'patients', target, {
        offeredTable,
        closedTable,
        tenTable,
      });
    }
    const failed = [
      ...[...offered].filter(([, result]) => result.errors > 0).map(([name]) => name),
      ...scenarios
        .filter((scenario) => scenario.result.errors > 0)
        .map((scenario) => scenario.name),
    ];
    if (failed.length > 0) {
      throw new Error(`Requests failed in: ${failed.join(', ')}`);
    }
  } finally {
    servers.forEach(stopServer);
    if (dataDir) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

const lastRun = () => new Date().toISOString().slice(0, 16).replace('T', ' ');

/** Writes this run's block of docs/benchmarks.md. */
async function writeReport(
  block: 'patients' | 'embedded',
  target: Target,
  tables: { offeredTable: string; closedTable: string; tenTable: string },
): Promise<void> {
  await writeBlock(
    block,
    `Last run: ${lastRun()} UTC, ${target.label}, ${target.volume}; ${SECONDS} s a measurement after a
3 s warm-up.

Offered load, all three together:

${tables.offeredTable}

Closed loop, each call alone:

${tables.closedTable}

Ten clients at once, each call alone:

${tables.tenTable}`,
  );
}

/** Upload throughput on the embedded default, as `npm start` serves it (bench/upload.ts). */
async function uploadBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'homestretch-bench-upload-'));
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const { target, env } = await prepareEmbedded(dataDir);
  const servers = [startApp(env, APP_PORT)];
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=DEMO2026`, 300);
    const cookie = await signIn(appUrl, target.credentials);
    log(`Uploading ${UPLOAD_FILE_MB} MB through tus, ${UPLOAD_RUNS} times a way…`);
    const figures = await measureUploads(appUrl, cookie, dataDir, servers[0]?.pid);
    log(`\n${figures.table}\n`);
    await writeBlock(
      'upload',
      `Last run: ${lastRun()} UTC, ${UPLOAD_FILE_MB} MB of random bytes, median of ${UPLOAD_RUNS} runs a way; the
server is \`npm start\`'s (embedded database, files under DATA_DIR), tus-js-client in another
process on the same machine over loopback; the copy reads and writes the same disk. Load average
at the start ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}.

${figures.table}`,
    );
    if (figures.worstRatio < 0.5) {
      log(`Below target: the slowest way moved ${figures.worstRatio.toFixed(2)} of a copy's rate.`);
    }
  } finally {
    servers.forEach(stopServer);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--library')) {
  await runLibraryBench();
} else if (process.argv.includes('--hep')) {
  await runHepBench();
} else if (process.argv.includes('--monitoring')) {
  await runMonitoringBench();
} else if (process.argv.includes('--chat')) {
  await runChatBench();
} else if (process.argv.includes('--billing')) {
  await runBillingBench();
} else {
  await (UPLOAD ? uploadBench() : main());
}
