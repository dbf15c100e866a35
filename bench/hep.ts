/**
 * `npm run bench -- --hep`: home exercise programs under the load clinics make (issue 12), on
 * PostgreSQL: the 100,000-patient clinic (large-clinic.ts), each patient with a program of 8
 * items and its history (hep-programs.ts). At an offered 50 program loads, 10 saves (a change of
 * sets) and 10 recommendation lists a second, together (open loop); then the closed-loop maximum
 * of a program load as a ratio to a bare route running the same SQL (hep-bare-server.ts).
 */
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
import { ITEMS_PER_PROGRAM, ensurePrograms, sampleItems } from './hep-programs';
import {
  BENCH_CLINIC_CODE,
  BENCH_EMAIL,
  BENCH_PASSWORD,
  PATIENTS,
  type BenchClinic,
  ensureLargeClinic,
} from './large-clinic';
import { type LoadResult, runLoad, runOpenLoop } from './load';

const OFFERED = { loads: 50, saves: 10, recommendations: 10 };
const TARGET = { program: 30, recommendations: 50 };
const APP_PORT = 3406;
const BARE_PORT = 3407;

type Rows<T> = { rows: T[] };

interface Prepared {
  clinic: BenchClinic;
  therapistId: number;
  items: { patientId: number; hepId: number }[];
  diagnoses: { name: string; onboardedAt: string; patientId: number }[];
}

async function prepare(): Promise<Prepared> {
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  try {
    await database.migrate();
    const clinic = await ensureLargeClinic(database.db, log);
    await ensurePrograms(database.db, clinic, log);
    const therapist = (await database.db.execute(sql`
      select id from users where email = ${BENCH_EMAIL}`)) as Rows<{ id: number }>;
    const patients = (await database.db.execute(sql`
      select id, diagnosis, coalesce(onboarded_at, created_at) as onboarded_at from patients
      where clinic_id = ${clinic.clinicId} and diagnosis is not null
      order by random() limit 500`)) as Rows<{ id: number; diagnosis: string; onboarded_at: Date }>;
    return {
      clinic,
      therapistId: therapist.rows[0]!.id,
      items: await sampleItems(database.db, clinic, 2_000),
      diagnoses: patients.rows.map((row) => ({
        name: row.diagnosis,
        onboardedAt: new Date(row.onboarded_at).toISOString(),
        patientId: row.id,
      })),
    };
  } finally {
    await database.close();
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export async function runHepBench(): Promise<void> {
  const { clinic, therapistId, items, diagnoses } = await prepare();
  const env = { DATABASE_URL, DEMO_SEED: 'off' };
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}`;
  const randomPatient = () =>
    clinic.firstPatientId +
    Math.floor(Math.random() * (clinic.lastPatientId - clinic.firstPatientId + 1));
  const ms = (value: number) => value.toFixed(1);
  let app = startApp(env, APP_PORT);
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=${BENCH_CLINIC_CODE}`, 300);
    const cookie = await signIn(appUrl, { email: BENCH_EMAIL, password: BENCH_PASSWORD });
    log(
      `Offered load: ${OFFERED.loads} program loads, ${OFFERED.saves} saves and ` +
        `${OFFERED.recommendations} recommendation lists a second, ${SECONDS} s…`,
    );
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      headers: { cookie },
      warmupSeconds: 3,
      seconds: SECONDS,
      streams: [
        {
          name: 'load',
          rate: OFFERED.loads,
          nextPath: () => `/video/hep/therapist/${randomPatient()}`,
        },
        {
          name: 'save',
          rate: OFFERED.saves,
          nextPath: () => {
            const { patientId, hepId } = pick(items);
            return {
              method: 'PATCH',
              path: `/video/hep/therapist/${patientId}/${hepId}`,
              body: { sets: 1 + Math.floor(Math.random() * 5) },
            };
          },
        },
        {
          name: 'recommendations',
          rate: OFFERED.recommendations,
          nextPath: () => {
            const patient = pick(diagnoses);
            const query = new URLSearchParams({
              diagnosis_name: patient.name,
              onboarded_at: patient.onboardedAt,
              therapist_id: String(therapistId),
              patient_id: String(patient.patientId),
            });
            return `/video/recommendations?${query}`;
          },
        },
      ],
    });
    const closedRun = (baseUrl: string, path: () => string, headers: Record<string, string>) =>
      runLoad({
        baseUrl,
        nextPath: path,
        headers,
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    log(`Closed loop: ${CONCURRENCY} clients…`);
    const real = await closedRun(appUrl, () => `/video/hep/therapist/${randomPatient()}`, {
      cookie,
    });
    // One at a time, as on the embedded database, so the two never share the machine.
    stopServer(app);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    app = startServer(['npx', 'tsx', 'bench/hep-bare-server.ts'], {
      ...env,
      PORT: String(BARE_PORT),
      BENCH_CLINIC_ID: String(clinic.clinicId),
      BENCH_USER_ID: String(therapistId),
    });
    await waitFor(`${bareUrl}/bare-program?patient=${clinic.firstPatientId}`);
    const bare: LoadResult = await closedRun(
      bareUrl,
      () => `/bare-program?patient=${randomPatient()}`,
      {},
    );

    const row = (name: string, result: LoadResult, rate: number, target: number) =>
      `| ${name} (open loop) | ${rate} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.errors} | p95 < ${target} ms |`;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const text = `Last run: ${when} UTC, PostgreSQL, one server process, pool of 20; ${PATIENTS.toLocaleString('en-US')} patients, each with a program of ${ITEMS_PER_PROGRAM} items and its history; ${SECONDS} s a measurement after a 3 s warm-up. The three offered streams run together.

| Call | req/s | p50 ms | p95 ms | p99 ms | errors | target |
|---|---|---|---|---|---|---|
${row('Program load: GET /video/hep/therapist/{id}', offered.get('load')!, OFFERED.loads, TARGET.program)}
${row('Program save: PATCH /video/hep/therapist/{id}/{hepId}', offered.get('save')!, OFFERED.saves, TARGET.program)}
${row('Recommendations: GET /video/recommendations', offered.get('recommendations')!, OFFERED.recommendations, TARGET.recommendations)}
| Closed loop, ${CONCURRENCY} clients: program load | ${Math.round(real.throughput)} | ${ms(real.p50)} | ${ms(real.p95)} | ${ms(real.p99)} | ${real.errors} | ratio ${(real.throughput / bare.throughput).toFixed(2)} to the bare route |
| Closed loop, ${CONCURRENCY} clients: bare route, same SQL | ${Math.round(bare.throughput)} | ${ms(bare.p50)} | ${ms(bare.p95)} | ${ms(bare.p99)} | ${bare.errors} | baseline |`;
    log(`\n${text}\n`);
    await writeBlock('hep', text);
    const failed = [...offered.values(), real, bare].reduce(
      (sum, result) => sum + result.errors,
      0,
    );
    if (failed > 0) {
      throw new Error(`${failed} requests failed`);
    }
  } finally {
    stopServer(app);
  }
}
