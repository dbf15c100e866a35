/**
 * `npm run bench -- --billing`: RTM billing on the 100,000-patient clinic (issue 15), PostgreSQL.
 * - The month's computation (every covered patient's records judged and stored, billing-runs.ts)
 *   timed in this process, with the heap sampled throughout: target < 30 s, memory bounded.
 * - GET /clinic/billing-units at the load billing staff make (open loop: pages, filters and
 *   searches), target p95 < 200 ms; then its closed-loop maximum as a ratio to the lightest
 *   signed-in call of the same run.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { computeRun, findBillingClinic } from '../apps/server/src/features/billing/billing.api';
import { localDate } from '../apps/server/src/platform/calendar';
import {
  CONCURRENCY,
  DATABASE_URL,
  SECONDS,
  ensureDatabase,
  log,
  startApp,
  stopServer,
  waitFor,
  writeBlock,
} from './harness';
import { BENCH_CLINIC_CODE, PATIENTS, ensureLargeClinic } from './large-clinic';
import { type LoadResult, runLoad, runOpenLoop } from './load';
import { ensureMonitoringStaff } from './monitoring-staff';

/** Billing staff of a large clinic paging through the month at once: a few pages a second. */
const OFFERED = 10;
const TARGET = { computeSeconds: 30, unitsP95: 200 };
const APP_PORT = 3409;
const SEARCHES = ['smith', 'ma', 'garcía', 'lee'];
const FILTERS = ['all', 'billable', 'missing'] as const;

type Rows<T> = { rows: T[] };

/** The month's check-in call for half the covered patients, once per bench database and month. */
async function ensureCalls(
  db: Parameters<typeof ensureLargeClinic>[0],
  clinicId: number,
  therapistId: number,
): Promise<void> {
  const present = (await db.execute(sql`
    select count(*)::int as n from interaction_logs
    where clinic_id = ${clinicId} and date >= date_trunc('month', now())`)) as Rows<{ n: number }>;
  if (present.rows[0]!.n > 0) {
    return;
  }
  log('Writing this month’s check-in calls…');
  await db.execute(sql`
    insert into interaction_logs (clinic_id, patient_id, user_id, date, notes, call_duration_seconds)
    select ${clinicId}::int, p.id, ${therapistId}::int,
           date_trunc('month', now()) + interval '10 hours', 'Bench check-in', 300
    from patients p
    where p.clinic_id = ${clinicId} and p.is_rtm_covered and p.id % 2 = 0`);
}

export async function runBillingBench(): Promise<void> {
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  const compute: { seconds: number; peakHeapMb: number; patients: number; rows: number }[] = [];
  let cookie: string;
  let period: { month: number; year: number };
  try {
    await database.migrate();
    const clinic = await ensureLargeClinic(database.db, log);
    const staff = await ensureMonitoringStaff(database.db, clinic, log);
    await ensureCalls(database.db, clinic.clinicId, staff.therapists[0]!.id);
    const billingClinic = (await findBillingClinic(database.db, clinic.clinicId))!;
    const today = localDate(new Date(), billingClinic.timeZone);
    period = { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
    const tag = today.slice(0, 7);
    for (let run = 0; run < 2; run += 1) {
      global.gc?.();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 50);
      const started = performance.now();
      const stored = await computeRun(database.db, billingClinic, tag, new Date(), true);
      clearInterval(sampler);
      compute.push({
        seconds: (performance.now() - started) / 1000,
        peakHeapMb: (peak - baseline) / 1_048_576,
        patients: stored?.totals.patients ?? 0,
        rows: stored?.totals.rows ?? 0,
      });
      log(
        `Computed ${tag}: ${compute.at(-1)!.seconds.toFixed(1)} s, ${compute.at(-1)!.patients} patients.`,
      );
    }
    cookie = staff.therapists[0]!.cookie;
  } finally {
    await database.close();
  }
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const ms = (value: number) => value.toFixed(1);
  const app = startApp({ DATABASE_URL, DEMO_SEED: 'off' }, APP_PORT);
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=${BENCH_CLINIC_CODE}`, 300);
    let next = 0;
    const unitsPath = () => {
      const i = next++;
      const search =
        i % 4 === 3 ? `&search=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}` : '';
      return `/clinic/billing-units?month=${period.month}&year=${period.year}&page=${1 + (i % 40)}&filter=${FILTERS[i % 3]}${search}`;
    };
    log(`Offered load: ${OFFERED} billing-units pages a second, ${SECONDS} s…`);
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      warmupSeconds: 3,
      seconds: SECONDS,
      streams: [
        {
          name: 'units',
          rate: OFFERED,
          nextPath: () => ({ path: unitsPath(), headers: { cookie } }),
        },
      ],
    });
    const closedRun = (nextPath: () => string) =>
      runLoad({
        baseUrl: appUrl,
        nextPath,
        headers: { cookie },
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    log(`Closed loop: ${CONCURRENCY} clients…`);
    const units = await closedRun(unitsPath);
    const light = await closedRun(() => '/user/settings-info');

    const open = offered.get('units')!;
    const row = (name: string, result: LoadResult, rate: string, target: string) =>
      `| ${name} | ${rate} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.errors} | ${target} |`;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const text = `Last run: ${when} UTC, PostgreSQL, one server process; ${PATIENTS.toLocaleString('en-US')} patients (about 60 % RTM-covered, 90 days of health data each, this month's monitoring and a check-in call for half); ${SECONDS} s a measurement after a 3 s warm-up.

The month's computation (billing-runs.ts: every covered patient's records read in batches of 2,000, judged, and stored in one transaction), in the bench process:

| Run | seconds | patients judged | billable lines | heap growth, peak MB | target |
|---|---|---|---|---|---|
${compute.map((run, index) => `| ${index === 0 ? 'first' : 'again'} | ${run.seconds.toFixed(1)} | ${run.patients.toLocaleString('en-US')} | ${run.rows.toLocaleString('en-US')} | ${run.peakHeapMb.toFixed(0)} | < ${TARGET.computeSeconds} s |`).join('\n')}

| Call | req/s | p50 ms | p95 ms | p99 ms | errors | target |
|---|---|---|---|---|---|---|
${row('GET /clinic/billing-units (open loop: pages, filters, searches)', open, String(OFFERED), `p95 < ${TARGET.unitsP95} ms`)}
${row(`Closed loop, ${CONCURRENCY} clients: the same`, units, String(Math.round(units.throughput)), `ratio ${(units.throughput / light.throughput).toFixed(2)} to the lightest call`)}
${row(`Closed loop, ${CONCURRENCY} clients: GET /user/settings-info`, light, String(Math.round(light.throughput)), 'baseline')}`;
    log(`\n${text}\n`);
    await writeBlock('billing', text);
    const failed = open.errors + units.errors + light.errors;
    if (failed > 0) {
      throw new Error(`${failed} requests failed`);
    }
  } finally {
    stopServer(app);
  }
}
