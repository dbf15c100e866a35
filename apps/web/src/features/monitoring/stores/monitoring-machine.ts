import {
  IDLE_REDIRECT_MS,
  IDLE_THRESHOLD_MS,
  MONITORING_TICK_MS,
  PERIODIC_SAVE_TICKS,
  SLEEP_GAP_MS,
} from '@homestretch/contract/common/constants';
import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';

/*
 * The monitoring timer and its server sessions (spec §4, §9) as pure transitions: each event
 * answers the next state and the effects to run (open a session, save one, redirect). The runner
 * (monitoring-runner.ts) feeds it real time, visibility, focus and activity, and runs the effects.
 *
 * Only live time counts (domain/rtm.md: true time on the patient): a tick adds a second while a
 * patient is monitored, the page is visible and focused, the user is not idle, no sleep gap was
 * seen since they were last active, and no priority modal holds monitoring.
 */

export interface MonitoringTarget {
  patientId: number;
  firstName: string;
  lastName: string;
  context: MonitoringContext;
}

/** A server session: `id` is null until the start call answers. */
export interface MonitoringSession {
  key: number;
  id: number | null;
  /** Active seconds counted since the session began: every save sends this total. */
  seconds: number;
}

export interface MonitoringState {
  target: MonitoringTarget | null;
  /** The banner's timer: live seconds on this target and context. */
  elapsed: number;
  session: MonitoringSession | null;
  nextKey: number;
  /** Sessions closed before their start answered: saved as soon as their id arrives. */
  unsent: ReadonlyArray<{ key: number; seconds: number }>;
  visible: boolean;
  focused: boolean;
  idleSince: number | null;
  /** Closed after a sleep gap, a refused start or a session the server had closed: the next activity restarts. */
  waiting: boolean;
  /** Held by the exit-priority-monitoring modal. */
  paused: boolean;
  /** The session the pause closed. */
  pausedSessionId: number | null;
  lastActivityAt: number;
  lastTickAt: number | null;
  /** Live milliseconds not yet counted as a whole second (ticks come late under load). */
  carryMs: number;
}

export type MonitoringEvent =
  | { type: 'monitor'; target: MonitoringTarget; now: number }
  | { type: 'stop' }
  | { type: 'tick'; now: number }
  | { type: 'activity'; now: number }
  | { type: 'visibility'; visible: boolean; now: number }
  | { type: 'focus'; focused: boolean; now: number }
  | { type: 'pause' }
  | { type: 'resume'; now: number }
  | { type: 'started'; key: number; id: number }
  | { type: 'start-failed'; key: number }
  /** A save answered 409: the server had closed the session. */
  | { type: 'session-closed'; id: number };

export type MonitoringEffect =
  | { type: 'start'; key: number; patientId: number; context: MonitoringContext }
  | { type: 'save'; id: number; seconds: number; final: boolean }
  | { type: 'redirect'; context: MonitoringContext };

export interface MonitoringStep {
  state: MonitoringState;
  effects: MonitoringEffect[];
}

export function initialMonitoringState(visible = true, focused = true): MonitoringState {
  return {
    target: null,
    elapsed: 0,
    session: null,
    nextKey: 1,
    unsent: [],
    visible,
    focused,
    idleSince: null,
    waiting: false,
    paused: false,
    pausedSessionId: null,
    lastActivityAt: 0,
    lastTickAt: null,
    carryMs: 0,
  };
}

/** Whether a tick now counts toward the monitored patient. */
function isLive(state: MonitoringState): boolean {
  return (
    state.target !== null &&
    state.visible &&
    state.focused &&
    state.idleSince === null &&
    !state.waiting &&
    !state.paused
  );
}

function closeSession(step: MonitoringStep): MonitoringStep {
  const { session } = step.state;
  if (!session) {
    return step;
  }
  if (session.id === null) {
    return {
      state: {
        ...step.state,
        session: null,
        unsent: [...step.state.unsent, { key: session.key, seconds: session.seconds }],
      },
      effects: step.effects,
    };
  }
  return {
    state: { ...step.state, session: null },
    effects: [
      ...step.effects,
      { type: 'save', id: session.id, seconds: session.seconds, final: true },
    ],
  };
}

function openSessionIfLive(step: MonitoringStep): MonitoringStep {
  const { state } = step;
  if (!state.target || state.session || !isLive(state)) {
    return step;
  }
  const key = state.nextKey;
  const { patientId, context } = state.target;
  return {
    state: { ...state, nextKey: key + 1, session: { key, id: null, seconds: 0 } },
    effects: [...step.effects, { type: 'start', key, patientId, context }],
  };
}

/** The user did something: idleness and a sleep's wait end, and a closed session restarts. */
function active(state: MonitoringState, now: number): MonitoringStep {
  return openSessionIfLive({
    state: { ...state, lastActivityAt: now, idleSince: null, waiting: false },
    effects: [],
  });
}

function tick(state: MonitoringState, now: number): MonitoringStep {
  const gap = state.lastTickAt === null ? 0 : now - state.lastTickAt;
  let step: MonitoringStep = { state: { ...state, lastTickAt: now }, effects: [] };
  const { target } = state;
  if (!target) {
    return step;
  }
  // A laptop lid closed or a locked screen stops timers: the gap is not monitoring time.
  if (gap > SLEEP_GAP_MS) {
    step = closeSession({ state: { ...step.state, waiting: true }, effects: [] });
  }
  if (step.state.idleSince === null && now - step.state.lastActivityAt >= IDLE_THRESHOLD_MS) {
    step = closeSession({ state: { ...step.state, idleSince: now }, effects: step.effects });
  }
  const { idleSince, visible } = step.state;
  if (idleSince !== null && visible && now - idleSince >= IDLE_REDIRECT_MS) {
    // spec §2 idle redirect: monitoring stops and the user leaves the place it began.
    const stopped = transition(step.state, { type: 'stop' });
    return {
      state: stopped.state,
      effects: [...step.effects, ...stopped.effects, { type: 'redirect', context: target.context }],
    };
  }
  const { session } = step.state;
  if (!isLive(step.state) || !session) {
    return { ...step, state: { ...step.state, carryMs: 0 } };
  }
  // The clock, not the count of ticks, says how much time passed: a busy page runs its 1 s timer
  // late or skips a beat, and an hour of ticks would otherwise fall seconds behind the server.
  const liveMs = step.state.carryMs + (state.lastTickAt === null ? MONITORING_TICK_MS : gap);
  const counted = Math.floor(liveMs / 1000);
  const seconds = session.seconds + counted;
  const effects = [...step.effects];
  // A session whose start has not answered yet is saved at its close, with the whole count.
  if (
    Math.floor(seconds / PERIODIC_SAVE_TICKS) > Math.floor(session.seconds / PERIODIC_SAVE_TICKS) &&
    session.id !== null
  ) {
    effects.push({ type: 'save', id: session.id, seconds, final: false });
  }
  return {
    state: {
      ...step.state,
      carryMs: liveMs % 1000,
      elapsed: step.state.elapsed + counted,
      session: { ...session, seconds },
    },
    effects,
  };
}

function sameTarget(a: MonitoringTarget | null, b: MonitoringTarget): boolean {
  return a !== null && a.patientId === b.patientId && a.context === b.context;
}

export function transition(state: MonitoringState, event: MonitoringEvent): MonitoringStep {
  switch (event.type) {
    case 'monitor': {
      if (sameTarget(state.target, event.target)) {
        return { state: { ...state, target: event.target }, effects: [] };
      }
      // Switching patient or context closes the previous session before the next one opens.
      const closed = closeSession({ state, effects: [] });
      const next = active(
        { ...closed.state, target: event.target, elapsed: 0, lastTickAt: event.now, carryMs: 0 },
        event.now,
      );
      return { state: next.state, effects: [...closed.effects, ...next.effects] };
    }
    case 'stop': {
      const closed = closeSession({ state, effects: [] });
      return {
        state: { ...closed.state, target: null, elapsed: 0, idleSince: null, waiting: false },
        effects: closed.effects,
      };
    }
    case 'tick':
      return tick(state, event.now);
    case 'activity':
      return active(state, event.now);
    case 'visibility':
    case 'focus': {
      const next =
        event.type === 'visibility'
          ? { ...state, visible: event.visible }
          : { ...state, focused: event.focused };
      if (!next.visible || !next.focused) {
        return closeSession({ state: next, effects: [] });
      }
      // Coming back to the tab is the user's doing; throttled timers while hidden are no sleep.
      return active({ ...next, lastTickAt: event.now, carryMs: 0 }, event.now);
    }
    case 'pause':
      if (state.paused) {
        return { state, effects: [] };
      }
      return closeSession({
        state: { ...state, paused: true, pausedSessionId: state.session?.id ?? null },
        effects: [],
      });
    case 'resume':
      if (!state.paused) {
        return { state, effects: [] };
      }
      return active({ ...state, paused: false, pausedSessionId: null }, event.now);
    case 'started': {
      if (state.session?.key === event.key) {
        return { state: { ...state, session: { ...state.session, id: event.id } }, effects: [] };
      }
      const unsent = state.unsent.find((entry) => entry.key === event.key);
      if (!unsent) {
        return { state, effects: [] };
      }
      return {
        state: { ...state, unsent: state.unsent.filter((entry) => entry !== unsent) },
        effects: [{ type: 'save', id: event.id, seconds: unsent.seconds, final: true }],
      };
    }
    case 'start-failed':
      if (state.session?.key === event.key) {
        return { state: { ...state, session: null, waiting: true }, effects: [] };
      }
      return {
        state: { ...state, unsent: state.unsent.filter((entry) => entry.key !== event.key) },
        effects: [],
      };
    case 'session-closed':
      if (state.session?.id !== event.id) {
        return { state, effects: [] };
      }
      return { state: { ...state, session: null, waiting: true }, effects: [] };
  }
}
