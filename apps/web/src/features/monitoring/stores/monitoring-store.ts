import { createStore, useStore } from 'zustand';
import { isSessionClosed, saveMonitoring } from '../api/save-monitoring';
import { startMonitoring } from '../api/start-monitoring';
import { initialMonitoringState, type MonitoringState } from './monitoring-machine';
import {
  createMonitoringRunner,
  type MonitoringRunner,
  type PageSignals,
} from './monitoring-runner';

/** The app's one monitoring state: the banner reads it, the runner writes it. */
export const monitoringStore = createStore<MonitoringState>(() => initialMonitoringState());

export function useMonitoringState<T>(select: (state: MonitoringState) => T): T {
  return useStore(monitoringStore, select);
}

// Scrolling inside a panel does not bubble: listening in the capture phase on window sees it.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'];

const browserPage: PageSignals = {
  isVisible: () => document.visibilityState === 'visible',
  hasFocus: () => document.hasFocus(),
  subscribe(listener) {
    const onVisibility = () => listener.visibility(document.visibilityState === 'visible');
    // A closing or frozen page may skip visibilitychange; pagehide still closes the session.
    const onPageHide = () => listener.visibility(false);
    const onFocus = () => listener.focus(true);
    const onBlur = () => listener.focus(false);
    const onActivity = () => listener.activity();
    const options = { capture: true, passive: true };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, options);
    }
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, options);
      }
    };
  },
};

let runner: MonitoringRunner | null = null;

/** The runner on the browser's clock, page and the server, made on first use. */
export function monitoringRunner(): MonitoringRunner {
  runner ??= createMonitoringRunner({
    store: monitoringStore,
    clock: {
      now: () => Date.now(),
      setInterval: (run, ms) => window.setInterval(run, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    },
    page: browserPage,
    api: { start: startMonitoring, save: saveMonitoring, isSessionClosed },
  });
  return runner;
}

let closeMobileChat: (() => void) | null = null;

/**
 * spec §2: idle in mobile chat only closes the chat modal. The chat registers how; the answered
 * function unregisters it.
 */
export function onMobileChatIdle(close: () => void): () => void {
  closeMobileChat = close;
  return () => {
    if (closeMobileChat === close) {
      closeMobileChat = null;
    }
  };
}

export function closeMobileChatModal(): void {
  closeMobileChat?.();
}
