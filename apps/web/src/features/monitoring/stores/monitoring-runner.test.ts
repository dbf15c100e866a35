import {
  IDLE_REDIRECT_MS,
  IDLE_THRESHOLD_MS,
  SLEEP_GAP_MS,
} from '@homestretch/contract/common/constants';
import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand';
import { ApiError } from '../../../lib/api-client';
import {
  initialMonitoringState,
  type MonitoringState,
  type MonitoringTarget,
} from './monitoring-machine';
import { createMonitoringRunner, type PageListener } from './monitoring-runner';

/*
 * The monitoring rules of spec §4 and §9 on fake time: real intervals of the runner, a fake page
 * whose visibility, focus and activity the test drives, and a fake server that records calls.
 */

const ana: MonitoringTarget = {
  patientId: 7,
  firstName: 'Ana',
  lastName: 'Lopez',
  context: 'patient_dashboard',
};
const ben: MonitoringTarget = { ...ana, patientId: 8, firstName: 'Ben', lastName: 'Ward' };

type Call =
  | { call: 'start'; patientId: number; context: MonitoringContext; id: number }
  | { call: 'save'; id: number; seconds: number; final: boolean };

function setup(options: { visible?: boolean; focused?: boolean } = {}) {
  const page = { visible: options.visible ?? true, focused: options.focused ?? true };
  let listener: PageListener | null = null;
  const calls: Call[] = [];
  let nextId = 100;
  let failStart = false;
  const closedIds = new Set<number>();
  const store = createStore<MonitoringState>(() => initialMonitoringState());
  const redirect = vi.fn();
  const saved = vi.fn();
  const runner = createMonitoringRunner({
    store,
    clock: {
      now: () => Date.now(),
      setInterval: (run, ms) => setInterval(run, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    page: {
      isVisible: () => page.visible,
      hasFocus: () => page.focused,
      subscribe(next) {
        listener = next;
        return () => {
          listener = null;
        };
      },
    },
    api: {
      start: (patientId, context) => {
        if (failStart) {
          return Promise.reject(new ApiError({ status: 0, code: 'network_error', message: 'x' }));
        }
        const id = nextId++;
        calls.push({ call: 'start', patientId, context, id });
        return Promise.resolve(id);
      },
      save: (id, seconds, final) => {
        calls.push({ call: 'save', id, seconds, final });
        if (closedIds.has(id)) {
          return Promise.reject(new ApiError({ status: 409, code: 'conflict', message: 'closed' }));
        }
        return Promise.resolve({ id, seconds, ended: final });
      },
      isSessionClosed: (error) => error instanceof ApiError && error.status === 409,
    },
  });
  runner.setHandlers({ redirect, saved });
  const live = () => {
    if (!listener) {
      throw new Error('The runner is not listening to the page');
    }
    return listener;
  };
  return {
    runner,
    store,
    calls,
    redirect,
    saved,
    listening: () => listener !== null,
    hide() {
      page.visible = false;
      live().visibility(false);
    },
    show() {
      page.visible = true;
      live().visibility(true);
    },
    blur() {
      page.focused = false;
      live().focus(false);
    },
    focus() {
      page.focused = true;
      live().focus(true);
    },
    act: () => live().activity(),
    failStarts(value: boolean) {
      failStart = value;
    },
    closeOnServer: (id: number) => closedIds.add(id),
    saves: () => calls.filter((call) => call.call === 'save'),
    finals: () => calls.filter((call) => call.call === 'save' && call.final),
    starts: () => calls.filter((call) => call.call === 'start'),
    /** Seconds the final saves hand the server, all sessions together. */
    savedSeconds: () =>
      calls.reduce(
        (sum, call) => (call.call === 'save' && call.final ? sum + call.seconds : sum),
        0,
      ),
  };
}

const seconds = (n: number) => vi.advanceTimersByTimeAsync(n * 1000);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('monitoring time (spec §4, §9)', () => {
  it('counts 65 s visible + 20 s hidden + 30 s visible as exactly 95 s over two sessions', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(65);
    expect(t.store.getState().elapsed).toBe(65);
    t.hide();
    await seconds(20);
    expect(t.store.getState().elapsed).toBe(65);
    t.show();
    await seconds(30);
    t.runner.stop();
    await seconds(0);

    expect(t.starts().map((call) => call.id)).toEqual([100, 101]);
    expect(t.finals()).toEqual([
      { call: 'save', id: 100, seconds: 65, final: true },
      { call: 'save', id: 101, seconds: 30, final: true },
    ]);
    expect(t.savedSeconds()).toBe(95);
  });

  it('saves every 30 active ticks without closing the session', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(29);
    expect(t.saves()).toEqual([]);
    await seconds(1);
    expect(t.saves()).toEqual([{ call: 'save', id: 100, seconds: 30, final: false }]);
    await seconds(30);
    expect(t.saves().map((call) => [call.seconds, call.final])).toEqual([
      [30, false],
      [60, false],
    ]);
    expect(t.saved).toHaveBeenCalledTimes(2);
  });

  it('does not count a sleep gap, closes the session at its count and restarts on activity', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(10);
    // The machine sleeps: no timer runs for a minute, then the overdue tick arrives.
    vi.setSystemTime(Date.now() + 60_000);
    await seconds(1);
    expect(t.finals()).toEqual([{ call: 'save', id: 100, seconds: 10, final: true }]);
    await seconds(5);
    expect(t.store.getState().elapsed).toBe(10);
    expect(t.starts()).toHaveLength(1);

    t.act();
    await seconds(5);
    t.runner.stop();
    await seconds(0);
    expect(t.finals()).toEqual([
      { call: 'save', id: 100, seconds: 10, final: true },
      { call: 'save', id: 101, seconds: 5, final: true },
    ]);
  });

  it('takes a gap of exactly the sleep limit as a late tick, not a sleep, and counts its time', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(3);
    vi.setSystemTime(Date.now() + SLEEP_GAP_MS - 1_000);
    await seconds(1);
    expect(t.finals()).toEqual([]);
    // A busy page ran its timer 3 s late: the 4 s that passed count, as on the server's clock.
    expect(t.store.getState().session?.seconds).toBe(7);
  });

  it('counts by the clock, not the ticks: a timer firing every 1.5 s still counts every second', async () => {
    const t = setup();
    t.runner.monitor(ana);
    // Each tick arrives 500 ms late (the page is busy), as a browser's timer can.
    for (let tick = 0; tick < 40; tick += 1) {
      vi.setSystemTime(Date.now() + 500);
      await seconds(1);
    }
    expect(t.store.getState().session?.seconds).toBe(60);
    expect(t.store.getState().elapsed).toBe(60);
    // The periodic saves fall on the 30-second marks they crossed.
    expect(t.saves().map((call) => [call.seconds, call.final])).toEqual([
      [30, false],
      [60, false],
    ]);
  });

  it('closes the previous patient’s session before opening the next one', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(12);
    t.runner.monitor(ben);
    await seconds(3);
    expect(t.calls).toEqual([
      { call: 'start', patientId: 7, context: 'patient_dashboard', id: 100 },
      { call: 'save', id: 100, seconds: 12, final: true },
      { call: 'start', patientId: 8, context: 'patient_dashboard', id: 101 },
    ]);
    expect(t.store.getState().elapsed).toBe(3);
    expect(t.store.getState().target?.firstName).toBe('Ben');
  });

  it('resets the timer to 0 when the context changes and keeps counting while shown', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(8);
    t.runner.monitor({ ...ana, context: 'desktop_chat' });
    expect(t.store.getState().elapsed).toBe(0);
    await seconds(2);
    expect(t.store.getState().elapsed).toBe(2);
    expect(t.starts().map((call) => call.context)).toEqual(['patient_dashboard', 'desktop_chat']);
  });

  it('keeps the session and the timer when the same patient is shown again (a renamed record)', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(4);
    t.runner.monitor({ ...ana, lastName: 'Lopez-Ruiz' });
    await seconds(1);
    expect(t.store.getState().elapsed).toBe(5);
    expect(t.starts()).toHaveLength(1);
    expect(t.store.getState().target?.lastName).toBe('Lopez-Ruiz');
  });

  it('closes the session when the window loses focus and starts a new one when it is back', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(6);
    t.blur();
    await seconds(10);
    t.focus();
    await seconds(4);
    expect(t.calls).toEqual([
      { call: 'start', patientId: 7, context: 'patient_dashboard', id: 100 },
      { call: 'save', id: 100, seconds: 6, final: true },
      { call: 'start', patientId: 7, context: 'patient_dashboard', id: 101 },
    ]);
    expect(t.store.getState().elapsed).toBe(10);
  });

  it('does not start while the page is hidden, and starts when it is shown', async () => {
    const t = setup({ visible: false });
    t.runner.monitor(ana);
    await seconds(5);
    expect(t.calls).toEqual([]);
    t.show();
    await seconds(2);
    expect(t.starts()).toHaveLength(1);
    expect(t.store.getState().elapsed).toBe(2);
  });

  it('closes the session after the idle threshold and redirects 2 s later while visible', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(IDLE_THRESHOLD_MS / 1000 - 1);
    expect(t.finals()).toEqual([]);
    await seconds(1);
    // Activity was last seen as monitoring began: the tick at 5 minutes is idle, not counted.
    expect(t.finals()).toEqual([{ call: 'save', id: 100, seconds: 299, final: true }]);
    expect(t.redirect).not.toHaveBeenCalled();
    await seconds(IDLE_REDIRECT_MS / 1000);
    expect(t.redirect).toHaveBeenCalledWith('patient_dashboard');
    expect(t.store.getState().target).toBeNull();
    expect(t.listening()).toBe(false);
    await seconds(60);
    expect(t.redirect).toHaveBeenCalledTimes(1);
    expect(t.calls).toHaveLength(1 + 9 + 1);
  });

  it('keeps monitoring while the user is active past the idle threshold', async () => {
    const t = setup();
    t.runner.monitor(ana);
    for (let minute = 0; minute < 6; minute += 1) {
      await seconds(60);
      t.act();
    }
    expect(t.finals()).toEqual([]);
    expect(t.store.getState().elapsed).toBe(360);
  });

  it('restarts after idleness when the user is active again on the same patient', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(IDLE_THRESHOLD_MS / 1000);
    expect(t.store.getState().session).toBeNull();
    t.act();
    await seconds(3);
    expect(t.redirect).not.toHaveBeenCalled();
    expect(t.starts()).toHaveLength(2);
    expect(t.store.getState().session?.seconds).toBe(3);
  });

  it('does not redirect an idle user while the page is hidden', async () => {
    const t = setup();
    t.runner.monitor(ana);
    t.hide();
    await seconds(IDLE_THRESHOLD_MS / 1000 + 30);
    expect(t.redirect).not.toHaveBeenCalled();
    t.show();
    await seconds(IDLE_REDIRECT_MS / 1000 + 1);
    expect(t.redirect).not.toHaveBeenCalled();
    expect(t.store.getState().target).toEqual(ana);
  });

  it('redirects per the context monitoring began in', async () => {
    const t = setup();
    t.runner.monitor({ ...ana, context: 'mobile_chat' });
    await seconds((IDLE_THRESHOLD_MS + IDLE_REDIRECT_MS) / 1000);
    expect(t.redirect).toHaveBeenCalledWith('mobile_chat');
  });

  it('holds monitoring for the exit modal: the session closes, activity does not restart it, resuming does', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(7);
    t.runner.pause();
    expect(t.store.getState()).toMatchObject({ paused: true, pausedSessionId: 100, session: null });
    t.act();
    await seconds(10);
    expect(t.starts()).toHaveLength(1);
    expect(t.store.getState().elapsed).toBe(7);
    t.runner.resume();
    expect(t.store.getState()).toMatchObject({ paused: false, pausedSessionId: null });
    await seconds(2);
    expect(t.calls).toEqual([
      { call: 'start', patientId: 7, context: 'patient_dashboard', id: 100 },
      { call: 'save', id: 100, seconds: 7, final: true },
      { call: 'start', patientId: 7, context: 'patient_dashboard', id: 101 },
    ]);
    expect(t.store.getState().elapsed).toBe(9);
  });

  it('forgets a session the server closed (409) and starts a new one when the user is active', async () => {
    const t = setup();
    t.runner.monitor(ana);
    t.closeOnServer(100);
    await seconds(30);
    expect(t.store.getState().session).toBeNull();
    await seconds(5);
    expect(t.store.getState().elapsed).toBe(30);
    t.act();
    await seconds(4);
    t.runner.stop();
    await seconds(0);
    expect(t.starts().map((call) => call.id)).toEqual([100, 101]);
    expect(t.finals()).toEqual([{ call: 'save', id: 101, seconds: 4, final: true }]);
  });

  it('retries a failed start on the next activity', async () => {
    const t = setup();
    t.failStarts(true);
    t.runner.monitor(ana);
    await seconds(3);
    expect(t.store.getState()).toMatchObject({ session: null, waiting: true, elapsed: 0 });
    t.failStarts(false);
    t.act();
    await seconds(2);
    expect(t.starts()).toHaveLength(1);
    expect(t.store.getState().elapsed).toBe(2);
  });

  it('saves a session closed before its start answered as soon as the id arrives', async () => {
    const t = setup();
    t.runner.monitor(ana);
    t.hide();
    await seconds(0);
    expect(t.calls).toEqual([
      { call: 'start', patientId: 7, context: 'patient_dashboard', id: 100 },
      { call: 'save', id: 100, seconds: 0, final: true },
    ]);
    expect(t.store.getState().unsent).toEqual([]);
  });

  it('stops: the final save with its count, the timer back to 0 and the page no longer watched', async () => {
    const t = setup();
    t.runner.monitor(ana);
    await seconds(3);
    t.runner.stop();
    await seconds(10);
    expect(t.finals()).toEqual([{ call: 'save', id: 100, seconds: 3, final: true }]);
    expect(t.store.getState()).toMatchObject({ target: null, elapsed: 0 });
    expect(t.listening()).toBe(false);
  });
});
