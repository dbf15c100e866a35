/**
 * `npm run bench`: builds (once) a clinic of 100,000 patients and 20 million health samples in
 * PostgreSQL, starts the real server on it and a bare Fastify route beside it, and measures
 * patient search, the patient record and the 90-day metric charts at 50 concurrent clients.
 * Figures are printed and written to docs/benchmarks.md; they are read as ratios to the bare
 * route of the same run, because these machines are shared and their speed varies.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/homestretch_bench) picks the
 * database; it is created when missing. BENCH_SECONDS and BENCH_CONCURRENCY tune the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  DAYS,
  ensureLargeClinic,
  type BenchClinic,
} from './large-clinic';
import { type LoadResult, runLoad } from './load';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/homestretch_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
/** Words of scenario names (`record,charts`): runs only those, and leaves the report alone. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const APP_PORT = 3400;
const BARE_PORT = 3401;

const log = (message: string) => console.log(message);

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`Creating database ${name}`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

function startServer(script: string, env: Record<string, string>): ChildProcess {
  // Its own process group: npx starts tsx, which starts node, and all of them must stop.
  return spawn('npx', ['tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function waitFor(url: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/clinic/therapist/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]);
  return cookie.join('; ');
}

/** What clinicians type: name prefixes, full names, last-first, phone digits, a diagnosis word. */
const SEARCHES = [
  'ol',
  'smi',
  'emma',
  'garcia',
  'noah sm',
  'johnson liam',
  'jose nunez',
  'sofia',
  'obrien',
  'mul',
  '5550012',
  'knee',
  'M54',
  'kowal',
  'harper w',
];

/** A third of the clinic or more matches these; every match is ranked and counted. */
const BROAD_SEARCHES = ['knee', 'M54'];
const NAME_SEARCHES = SEARCHES.filter((search) => !BROAD_SEARCHES.includes(search));

function pickPatient(clinic: BenchClinic): number {
  const span = clinic.lastPatientId - clinic.firstPatientId + 1;
  return clinic.firstPatientId + Math.floor(Math.random() * span);
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

interface Scenario {
  name: string;
  target: string;
  result: LoadResult;
}

function row(s: Scenario, baseline: LoadResult): string {
  const ms = (value: number) => value.toFixed(1);
  return `| ${s.name} | ${ms(s.result.p50)} | ${ms(s.result.p95)} | ${ms(s.result.p99)} | ${Math.round(s.result.throughput)} | ${(s.result.p95 / baseline.p95).toFixed(1)}× | ${s.result.errors} | ${s.target} |`;
}

async function main(): Promise<void> {
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  await database.migrate();
  const started = Date.now();
  const clinic = await ensureLargeClinic(database.db, log);
  // Fresh planner statistics: a migration may just have rewritten tables (search words, counters).
  await database.db.execute(sql`analyze`);
  const counts = (await database.db.execute(sql`
    select (select count(*) from patients where clinic_id = ${clinic.clinicId}) as patients,
           (select count(*) from health_samples where clinic_id = ${clinic.clinicId}) as samples`)) as {
    rows: { patients: string; samples: string }[];
  };
  await database.close();
  const { patients, samples } = counts.rows[0]!;
  log(
    `Clinic ready in ${Math.round((Date.now() - started) / 1000)} s: ${Number(patients).toLocaleString('en-US')} patients, ${Number(samples).toLocaleString('en-US')} samples`,
  );

  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const servers = [
    startServer('apps/server/src/main.ts', {
      DATABASE_URL,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      COOKIE_SECURE: 'off',
      DEMO_SEED: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: appUrl,
    }),
    startServer('bench/bare-server.ts', { PORT: String(BARE_PORT) }),
  ];
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=BENCH100K`);
    await waitFor(`${bareUrl}/bare`);
    const cookie = await signIn(appUrl);
    const load = (baseUrl: string, nextPath: () => string) =>
      runLoad({
        baseUrl,
        nextPath,
        headers: { cookie },
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });

    log(`Measuring at ${CONCURRENCY} concurrent clients, ${SECONDS} s each…`);
    const baseline = await load(bareUrl, () => '/bare');
    let searchIndex = 0;
    const plans: { name: string; target: string; nextPath: () => string }[] = [
      {
        name: 'Signed-in reference: current user',
        target: '—',
        nextPath: () => '/api/v1/users/',
      },
      {
        name: 'Patient search (all of the mix)',
        target: 'p95 < 30 ms',
        nextPath: () => {
          searchIndex = (searchIndex + 1) % SEARCHES.length;
          return `/api/v1/patients/?search=${encodeURIComponent(SEARCHES[searchIndex]!)}&page=1`;
        },
      },
      {
        name: '… names, phone and e-mail only',
        target: 'p95 < 30 ms',
        nextPath: () => {
          searchIndex = (searchIndex + 1) % NAME_SEARCHES.length;
          return `/api/v1/patients/?search=${encodeURIComponent(NAME_SEARCHES[searchIndex]!)}&page=1`;
        },
      },
      {
        name: '… broad: a diagnosis word, an ICD-10 chapter',
        target: 'p95 < 30 ms',
        nextPath: () => {
          searchIndex = (searchIndex + 1) % BROAD_SEARCHES.length;
          return `/api/v1/patients/?search=${encodeURIComponent(BROAD_SEARCHES[searchIndex]!)}&page=1`;
        },
      },
      {
        name: 'Roster page (no search)',
        target: '—',
        nextPath: () => `/api/v1/patients/?page=${1 + Math.floor(Math.random() * 40)}`,
      },
      {
        name: 'Patient record',
        target: 'p95 < 50 ms',
        nextPath: () => `/api/v1/patients/${pickPatient(clinic)}/`,
      },
      {
        name: `Metric charts, ${DAYS} days`,
        target: 'p95 < 50 ms',
        nextPath: () =>
          `/user/therapist/dashboard/health/${pickPatient(clinic)}?from=${isoDay(-(DAYS - 1))}&to=${isoDay(0)}`,
      },
    ];
    const scenarios: Scenario[] = [];
    for (const plan of plans) {
      if (!ONLY || ONLY.some((word) => plan.name.toLowerCase().includes(word))) {
        scenarios.push({ ...plan, result: await load(appUrl, plan.nextPath) });
      }
    }

    const header = [
      '| Scenario | p50 ms | p95 ms | p99 ms | req/s | p95 vs bare | errors | target |',
      '|---|---|---|---|---|---|---|---|',
    ];
    const bareRow = `| Bare Fastify route (baseline) | ${baseline.p50.toFixed(1)} | ${baseline.p95.toFixed(1)} | ${baseline.p99.toFixed(1)} | ${Math.round(baseline.throughput)} | 1.0× | ${baseline.errors} | — |`;
    const table = [...header, bareRow, ...scenarios.map((s) => row(s, baseline))].join('\n');
    log(`\n${table}\n`);
    if (!ONLY) {
      await writeReport(table, { patients: Number(patients), samples: Number(samples) });
    }
    const failures = scenarios.filter((s) => s.result.errors > 0);
    if (failures.length > 0) {
      throw new Error(`Requests failed in: ${failures.map((s) => s.name).join(', ')}`);
    }
  } finally {
    for (const server of servers) {
      if (server.pid !== undefined) {
        process.kill(-server.pid, 'SIGTERM');
      }
    }
  }
}

const REPORT = path.join(ROOT, 'docs/benchmarks.md');
const START = '<!-- bench:patients:start -->';
const END = '<!-- bench:patients:end -->';

/** Replaces the measured block of docs/benchmarks.md; the reading of it around stays as written. */
async function writeReport(
  table: string,
  volume: { patients: number; samples: number },
): Promise<void> {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const block = `${START}
Last run: ${when} UTC, ${volume.patients.toLocaleString('en-US')} patients,
${volume.samples.toLocaleString('en-US')} health samples, ${CONCURRENCY} concurrent clients,
${SECONDS} s a scenario after a 3 s warm-up.

${table}
${END}`;
  const current = await readFile(REPORT, 'utf8').catch(() => `# Benchmarks\n\n${START}\n${END}\n`);
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  await writeFile(REPORT, next);
  log('Wrote docs/benchmarks.md');
}

await main();
