/**
 * `npm run bench -- --hep`: home exercise programs under a large clinic's load (issue 12), on
 * PostgreSQL. A clinic of BENCH_HEP_PATIENTS patients (100,000 by default) with programs of 8
 * and their history (hep-clinic.ts). Offered together (open loop): 10 recommendations a second
 * and, once the program routes are served, 50 program loads and 10 item saves a second. Then the
 * closed-loop maximum of recommendations as a ratio to a bare route computing the same
 * (hep-bare-server.ts).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
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
  HEP_CLINIC_CODE,
  HEP_EMAIL,
  HEP_PASSWORD,
  HEP_PATIENTS,
  type HepClinic,
  PROGRAM_ITEMS,
  ensureHepClinic,
} from './hep-clinic';
import { DIAGNOSES } from './large-clinic';
import { type LoadResult, type OpenLoopStream, runLoad, runOpenLoop } from './load';

const RATE = Number(process.env.BENCH_RATE ?? 1);
const OFFERED = { recommendations: 10 * RATE, loads: 50 * RATE, saves: 10 * RATE };
const TARGET = { recommendations: 'p95 < 50 ms', loads: 'p95 < 30 ms', saves: 'p95 < 30 ms' };
const APP_PORT = 3430;
const BARE_PORT = 3431;
/** Program items the saves change, read once: a save names its patient and item. */
const SAVE_SAMPLE = 5_000;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

async function prepare(): Promise<{ clinic: HepClinic; items: [number, number][] }> {
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  try {
    await database.migrate();
    const clinic = await ensureHepClinic(database.db, log);
    await database.db.execute(sql`vacuum (analyze) patients, hep_items, hep_item_events, videos`);
    const sample = (await database.db.execute(sql`
      select patient_id, id from hep_items
      where clinic_id = ${clinic.clinicId} and deleted_at is null
      order by random() limit ${SAVE_SAMPLE}`)) as { rows: { patient_id: number; id: number }[] };
    return { clinic, items: sample.rows.map((row) => [row.patient_id, row.id]) };
  } finally {
    await database.close();
  }
}

/** Whether the program routes are served yet (they land with the program feature). */
async function programsServed(appUrl: string, cookie: string, patientId: number) {
  const response = await fetch(`${appUrl}/video/hep/therapist/${patientId}`, {
    headers: { cookie },
  });
  return response.status === 200;
}

export async function runHepBench(): Promise<void> {
  const { clinic, items } = await prepare();
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const env = { DATABASE_URL, DEMO_SEED: 'off' };
  const ms = (value: number) => value.toFixed(1);
  const patientId = () => between(clinic.firstPatientId, clinic.lastPatientId);
  /** A therapist opening a patient's program: the diagnosis as the record shows it. */
  const nextRecommendation = () => {
    const [, words] = pick(DIAGNOSES);
    const onboarded = new Date(Date.now() - between(0, 120) * 86_400_000).toISOString();
    const query = new URLSearchParams({
      diagnosis_name: words,
      onboarded_at: onboarded,
      therapist_id: String(clinic.therapistId),
      ...(Math.random() < 0.5 ? { patient_id: String(patientId()) } : {}),
    });
    return query.toString();
  };
  // These machines are shared: the figures are read beside how busy the machine was.
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  let app = startApp(env, APP_PORT);
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=${HEP_CLINIC_CODE}`, 300);
    const cookie = await signIn(appUrl, { email: HEP_EMAIL, password: HEP_PASSWORD });
    const withPrograms = await programsServed(appUrl, cookie, clinic.firstPatientId);
    const streams: OpenLoopStream[] = [
      {
        name: 'Recommendations',
        rate: OFFERED.recommendations,
        nextPath: () => `/video/recommendations?${nextRecommendation()}`,
      },
      ...(withPrograms
        ? [
            {
              name: 'Program load',
              rate: OFFERED.loads,
              nextPath: () => `/video/hep/therapist/${patientId()}`,
            },
            {
              name: 'Program save (one item)',
              rate: OFFERED.saves,
              nextPath: () => {
                const [patient, item] = pick(items);
                return `/video/hep/therapist/${patient}/${item}`;
              },
              write: {
                method: 'PATCH' as const,
                nextBody: () => ({ sets: between(1, 4), reps: between(6, 15) }),
              },
            },
          ]
        : []),
    ];
    log(
      `Offered load: ${streams.map((stream) => `${stream.rate} ${stream.name.toLowerCase()}`).join(', ')} a second, ${SECONDS} s…`,
    );
    if (!withPrograms) {
      log('The program routes are not served yet: recommendations only.');
    }
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      streams,
      headers: { cookie },
      warmupSeconds: 3,
      seconds: SECONDS,
    });
    const targets: Record<string, string> = {
      Recommendations: TARGET.recommendations,
      'Program load': TARGET.loads,
      'Program save (one item)': TARGET.saves,
    };
    const offeredTable = [
      '| Call | offered req/s | p50 ms | p95 ms | p99 ms | errors | target |',
      '|---|---|---|---|---|---|---|',
      ...streams.map((stream) => {
        const result = offered.get(stream.name)!;
        return `| ${stream.name} | ${stream.rate} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.errors} | ${targets[stream.name]} |`;
      }),
    ].join('\n');
    log(`\n${offeredTable}\n`);

    log(`Closed loop: ${CONCURRENCY} clients…`);
    const closedRun = (baseUrl: string, route: string, headers: Record<string, string>) =>
      runLoad({
        baseUrl,
        nextPath: () => `${route}?${nextRecommendation()}`,
        headers,
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    const real = await closedRun(appUrl, '/video/recommendations', { cookie });
    stopServer(app);
    app = startServer(['npx', 'tsx', 'bench/hep-bare-server.ts'], {
      ...env,
      PORT: String(BARE_PORT),
      BENCH_CLINIC_ID: String(clinic.clinicId),
    });
    await waitFor(`${bareUrl}/bare-recommendations?${nextRecommendation()}`);
    const bare: LoadResult = await closedRun(bareUrl, '/bare-recommendations', {});
    const closedTable = [
      `| Recommendations, closed loop at ${CONCURRENCY} clients | req/s | p50 ms | p95 ms | errors | ratio to bare |`,
      '|---|---|---|---|---|---|',
      `| GET /video/recommendations | ${Math.round(real.throughput)} | ${ms(real.p50)} | ${ms(real.p95)} | ${real.errors} | ${(real.throughput / bare.throughput).toFixed(2)} |`,
      `| Bare route, same SQL and ranking | ${Math.round(bare.throughput)} | ${ms(bare.p50)} | ${ms(bare.p95)} | ${bare.errors} | baseline |`,
    ].join('\n');
    log(`\n${closedTable}\n`);

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    if (RATE === 1) {
      await writeBlock(
        'hep',
        `Last run: ${when} UTC, PostgreSQL, one server process, pool of 20; ${HEP_PATIENTS.toLocaleString('en-US')} patients with programs of ${PROGRAM_ITEMS} and their history, about 10,000 clinic videos and the 873-item catalogue; ${SECONDS} s a measurement after a 3 s warm-up. Recommendations: a diagnosis of the clinic's eight, onboarding 0–120 days ago, half of them for a patient whose program is left out. Load average at the start ${loadAverage}.${withPrograms ? '' : ' The program routes were not served yet: recommendations only.'}

Offered load, together:

${offeredTable}

${closedTable}`,
      );
    }
    const failed = [...offered.values(), real, bare].some((result) => result.errors > 0);
    if (failed) {
      throw new Error('Requests failed');
    }
  } finally {
    stopServer(app);
  }
}
