/**
 * The monitoring timer against the server's clock over a simulated hour (issue 13: drift < 1 s):
 * the web app's pure machine (monitoring-machine.ts) is fed an hour of ticks as a busy browser
 * delivers them, late by a few milliseconds mostly, by a few hundred now and then, and sometimes
 * stalled for seconds by a long task, and its count is compared with the time that passed.
 * Two timer behaviours: a browser interval (late ticks do not push later ones back; ticks missed
 * during a stall are dropped) and a chain of timeouts (each delay adds to the next).
 */
import { MONITORING_TICK_MS } from '../packages/contract/src/common/constants';
import {
  type MonitoringState,
  initialMonitoringState,
  transition,
} from '../apps/web/src/features/monitoring/stores/monitoring-machine';
import { mulberry32 } from './large-clinic';

const HOUR_MS = 3_600_000;
/** The user moves the mouse or scrolls this often, well inside the idle threshold. */
const ACTIVITY_EVERY_MS = 20_000;

/** How late a tick comes: a few ms mostly, hundreds of ms at times, a 1.5–3 s stall rarely. */
function lateness(random: () => number): number {
  const roll = random();
  if (roll < 0.9) {
    return random() * 30;
  }
  if (roll < 0.99) {
    return 100 + random() * 500;
  }
  return 1_500 + random() * 1_500;
}

function simulate(kind: 'interval' | 'timeouts', seed: number): number {
  const random = mulberry32(seed);
  const start = 1_000_000;
  let state: MonitoringState = transition(initialMonitoringState(), {
    type: 'monitor',
    target: { patientId: 1, firstName: 'Ana', lastName: 'Lopez', context: 'patient_dashboard' },
    now: start,
  }).state;
  state = transition(state, { type: 'started', key: 1, id: 1 }).state;
  let nextActivity = start + ACTIVITY_EVERY_MS;
  let fired = start;
  let nominal = start;
  for (;;) {
    nominal += MONITORING_TICK_MS;
    const at =
      kind === 'interval'
        ? Math.max(fired, nominal + lateness(random))
        : fired + MONITORING_TICK_MS + lateness(random);
    if (kind === 'interval' && at >= nominal + MONITORING_TICK_MS) {
      // A stall past the next tick: the browser runs one overdue callback, not two.
      continue;
    }
    if (at > start + HOUR_MS) {
      break;
    }
    while (nextActivity <= at) {
      state = transition(state, { type: 'activity', now: nextActivity }).state;
      nextActivity += ACTIVITY_EVERY_MS;
    }
    state = transition(state, { type: 'tick', now: at }).state;
    fired = at;
  }
  const counted = state.session?.seconds ?? 0;
  return (fired - start) / 1000 - counted;
}

/** The largest drift, in seconds, over several simulated hours of each timer behaviour. */
export function measureTimerDrift(): { interval: number; timeouts: number } {
  const worst = (kind: 'interval' | 'timeouts') =>
    Math.max(...[1, 2, 3, 4, 5].map((seed) => Math.abs(simulate(kind, seed))));
  return { interval: worst('interval'), timeouts: worst('timeouts') };
}
