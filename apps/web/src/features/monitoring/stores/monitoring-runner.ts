import { MONITORING_TICK_MS } from '@homestretch/contract/common/constants';
import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import type { StoreApi } from 'zustand';
import {
  transition,
  type MonitoringEffect,
  type MonitoringEvent,
  type MonitoringState,
  type MonitoringTarget,
} from './monitoring-machine';

/*
 * Wires the pure machine to the world: a clock and its timer, the page's visibility, focus and
 * user activity, and the server. Every source is injected, so tests drive it with fake timers and
 * a fake page; monitoring-store.ts builds the browser's.
 */

export interface MonitoringClock {
  now(): number;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface PageListener {
  visibility(visible: boolean): void;
  focus(focused: boolean): void;
  activity(): void;
}

export interface PageSignals {
  isVisible(): boolean;
  hasFocus(): boolean;
  /** Listens until the answered function is called. */
  subscribe(listener: PageListener): () => void;
}

export interface MonitoringApi {
  start(patientId: number, context: MonitoringContext): Promise<number>;
  save(id: number, seconds: number, final: boolean): Promise<unknown>;
  /** Whether a save failed because the server had closed the session (409). */
  isSessionClosed(error: unknown): boolean;
}

export interface MonitoringHandlers {
  /** spec §2 idle redirect: leave the place monitoring began. */
  redirect(context: MonitoringContext): void;
  /** A save reached the server: the month's figures changed. */
  saved(): void;
}

export interface MonitoringRunner {
  monitor(target: MonitoringTarget): void;
  stop(): void;
  /** The exit-priority-monitoring modal holds monitoring, and lets it go. */
  pause(): void;
  resume(): void;
  setHandlers(handlers: Partial<MonitoringHandlers>): void;
}

/**
 * Pointer moves fire many times a second; one activity a second is as good for a 5-minute idle
 * threshold. Idleness and a sleep's wait are ended at once.
 */
const ACTIVITY_THROTTLE_MS = 1_000;

export function createMonitoringRunner(options: {
  store: StoreApi<MonitoringState>;
  clock: MonitoringClock;
  page: PageSignals;
  api: MonitoringApi;
}): MonitoringRunner {
  const { store, clock, page, api } = options;
  const handlers: MonitoringHandlers = { redirect: () => undefined, saved: () => undefined };
  let interval: unknown = null;
  let unsubscribe: (() => void) | null = null;

  function dispatch(event: MonitoringEvent): void {
    const { state, effects } = transition(store.getState(), event);
    store.setState(state, true);
    listenWhileMonitoring(state);
    effects.forEach(run);
  }

  function onActivity(): void {
    const state = store.getState();
    const now = clock.now();
    if (
      state.idleSince !== null ||
      state.waiting ||
      now - state.lastActivityAt >= ACTIVITY_THROTTLE_MS
    ) {
      dispatch({ type: 'activity', now });
    }
  }

  function listenWhileMonitoring(state: MonitoringState): void {
    if (state.target && interval === null) {
      interval = clock.setInterval(
        () => dispatch({ type: 'tick', now: clock.now() }),
        MONITORING_TICK_MS,
      );
      unsubscribe = page.subscribe({
        visibility: (visible) => dispatch({ type: 'visibility', visible, now: clock.now() }),
        focus: (focused) => dispatch({ type: 'focus', focused, now: clock.now() }),
        activity: onActivity,
      });
    } else if (!state.target && interval !== null) {
      clock.clearInterval(interval);
      interval = null;
      unsubscribe?.();
      unsubscribe = null;
    }
  }

  function run(effect: MonitoringEffect): void {
    switch (effect.type) {
      case 'start':
        api.start(effect.patientId, effect.context).then(
          (id) => dispatch({ type: 'started', key: effect.key, id }),
          () => dispatch({ type: 'start-failed', key: effect.key }),
        );
        return;
      case 'save':
        api.save(effect.id, effect.seconds, effect.final).then(
          () => handlers.saved(),
          (error: unknown) => {
            if (api.isSessionClosed(error)) {
              dispatch({ type: 'session-closed', id: effect.id });
            }
            // Any other failure is left to the next save: it carries the whole count again.
          },
        );
        return;
      case 'redirect':
        handlers.redirect(effect.context);
        return;
    }
  }

  return {
    monitor(target) {
      const now = clock.now();
      if (!store.getState().target) {
        // The page may have changed while nothing was monitored and no one was listening.
        store.setState({ visible: page.isVisible(), focused: page.hasFocus() });
      }
      dispatch({ type: 'monitor', target, now });
    },
    stop: () => dispatch({ type: 'stop' }),
    pause: () => dispatch({ type: 'pause' }),
    resume: () => dispatch({ type: 'resume', now: clock.now() }),
    setHandlers(next) {
      Object.assign(handlers, next);
    },
  };
}
