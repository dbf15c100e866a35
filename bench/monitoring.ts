/**
 * `npm run bench -- --monitoring`: monitoring time under the load clinics make (issue 13), on
 * PostgreSQL: 500 therapists of the 100,000-patient clinic each monitoring a patient and saving
 * every 30 s (about 17 saves a second), while therapists open the priority list and the
 * dashboard's month, together (open loop). Then the closed-loop maximum of the priority list as
 * a ratio to the lightest signed-in call (GET /user/settings-info) in the same run.
 */
import { openPostgres } from '../apps/server/src/db/client';
import { runTaskJob } from '../apps/server/src/features/tasks/tasks.api';
import { PERIODIC_SAVE_TICKS } from '../packages/contract/src/common/constants';
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
import { THERAPISTS, ensureMonitoringStaff } from './monitoring-staff';
import { measureTimerDrift } from './timer-drift';

const OFFERED = { saves: THERAPISTS / PERIODIC_SAVE_TICKS, priority: 5, month: 2 };
const TARGET = { save: 20, priority: 100 };
const APP_PORT = 3408;

export async function runMonitoringBench(): Promise<void> {
  const drift = measureTimerDrift();
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  let staff;
  const job: { seconds: number; tasks: number | null }[] = [];
  try {
    await database.migrate();
    const clinic = await ensureLargeClinic(database.db, log);
    staff = await ensureMonitoringStaff(database.db, clinic, log);
    // The task job reads every clinic's patients each run: twice, so the second finds the
    // tasks of the first and makes none again.
    for (let run = 0; run < 2; run += 1) {
      const started = performance.now();
      const tasks = await runTaskJob(database.db, new Date());
      job.push({ seconds: (performance.now() - started) / 1000, tasks });
    }
  } finally {
    await database.close();
  }
  const { therapists } = staff;
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const ms = (value: number) => value.toFixed(1);
  const app = startApp({ DATABASE_URL, DEMO_SEED: 'off' }, APP_PORT);
  try {
    await waitFor(`${appUrl}/clinic/check_code?code=${BENCH_CLINIC_CODE}`, 300);
    log(`Starting ${THERAPISTS} monitoring sessions…`);
    const sessions: { cookie: string; id: number; startedAt: number }[] = [];
    for (const therapist of therapists) {
      const patient = therapist.patients[Math.floor(Math.random() * therapist.patients.length)]!;
      const response = await fetch(`${appUrl}/user/therapist/monitoring`, {
        method: 'POST',
        headers: { cookie: therapist.cookie, 'content-type': 'application/json', origin: appUrl },
        body: JSON.stringify({ user_id: patient }),
      });
      if (response.status !== 201) {
        throw new Error(`Start failed: ${response.status} ${await response.text()}`);
      }
      const { id } = (await response.json()) as { id: number };
      sessions.push({ cookie: therapist.cookie, id, startedAt: Date.now() });
    }
    let nextSave = 0;
    let nextReader = 0;
    const reader = () => therapists[nextReader++ % therapists.length]!.cookie;
    log(
      `Offered load: ${OFFERED.saves.toFixed(1)} saves, ${OFFERED.priority} priority lists and ` +
        `${OFFERED.month} dashboard months a second, ${SECONDS} s…`,
    );
    const offered = await runOpenLoop({
      baseUrl: appUrl,
      warmupSeconds: 3,
      seconds: SECONDS,
      streams: [
        {
          name: 'save',
          rate: OFFERED.saves,
          nextPath: () => {
            const session = sessions[nextSave++ % sessions.length]!;
            // The client's count: the active seconds since its start, as the web app sends it.
            const seconds = Math.floor((Date.now() - session.startedAt) / 1000);
            return {
              method: 'PUT',
              path: `/user/therapist/dashboard/monitoring/${session.id}`,
              body: { seconds, final: false },
              headers: { cookie: session.cookie },
            };
          },
        },
        {
          name: 'priority',
          rate: OFFERED.priority,
          nextPath: () => ({
            path: '/clinic/therapist/monitoring-priority-list',
            headers: { cookie: reader() },
          }),
        },
        {
          name: 'month',
          rate: OFFERED.month,
          nextPath: () => ({
            path: '/user/therapist/dashboard/monitoring',
            headers: { cookie: reader() },
          }),
        },
      ],
    });
    const cookie = therapists[0]!.cookie;
    const closedRun = (path: string) =>
      runLoad({
        baseUrl: appUrl,
        nextPath: () => path,
        headers: { cookie },
        concurrency: CONCURRENCY,
        warmupSeconds: 3,
        seconds: SECONDS,
      });
    log(`Closed loop: ${CONCURRENCY} clients…`);
    const list = await closedRun('/clinic/therapist/monitoring-priority-list');
    const light = await closedRun('/user/settings-info');

    const patientsEach = Math.round(
      therapists.reduce((sum, therapist) => sum + therapist.patients.length, 0) / therapists.length,
    );
    const row = (name: string, result: LoadResult, rate: number, target: string) =>
      `| ${name} (open loop) | ${Number(rate.toFixed(1))} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} | ${result.errors} | ${target} |`;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const text = `Last run: ${when} UTC, PostgreSQL, one server process, pool of 20; ${PATIENTS.toLocaleString('en-US')} patients, ${THERAPISTS} therapists each treating about ${patientsEach} active RTM patients with this month's monitoring so far; ${SECONDS} s a measurement after a 3 s warm-up. The three offered streams run together.

| Call | req/s | p50 ms | p95 ms | p99 ms | errors | target |
|---|---|---|---|---|---|---|
${row('Periodic save: PUT /user/therapist/dashboard/monitoring/{id}', offered.get('save')!, OFFERED.saves, `p95 < ${TARGET.save} ms`)}
${row('Priority list: GET /clinic/therapist/monitoring-priority-list', offered.get('priority')!, OFFERED.priority, `p95 < ${TARGET.priority} ms`)}
${row('Dashboard month: GET /user/therapist/dashboard/monitoring', offered.get('month')!, OFFERED.month, '—')}
| Closed loop, ${CONCURRENCY} clients: priority list | ${Math.round(list.throughput)} | ${ms(list.p50)} | ${ms(list.p95)} | ${ms(list.p99)} | ${list.errors} | ratio ${(list.throughput / light.throughput).toFixed(2)} to the lightest call |
| Closed loop, ${CONCURRENCY} clients: GET /user/settings-info | ${Math.round(light.throughput)} | ${ms(light.p50)} | ${ms(light.p95)} | ${ms(light.p99)} | ${light.errors} | baseline |

Timer drift against the server's clock over a simulated hour of a busy browser's ticks (bench/timer-drift.ts; target < 1 s): ${drift.interval.toFixed(2)} s with an interval timer, ${drift.timeouts.toFixed(2)} s with chained timeouts.

The task job over the clinic (every 15 minutes on one node): ${job.map((run, index) => `${index === 0 ? 'a run' : 'again'} ${run.seconds.toFixed(1)} s (${run.tasks ?? 'no'} tasks made)`).join(', ')}.`;
    log(`\n${text}\n`);
    await writeBlock('monitoring', text);
    const failed = [...offered.values(), list, light].reduce(
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
