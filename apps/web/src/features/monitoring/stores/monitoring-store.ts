import { createStore, useStore } from 'zustand';
import { isDocumentVisible } from '../../../lib/use-document-visible';
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

type Binding = [target: EventTarget, type: string, handler: () => void, capture: boolean];

const browserPage: PageSignals = {
  isVisible: isDocumentVisible,
  hasFocus: () => document.hasFocus(),
  subscribe(listener) {
    const bindings: Binding[] = [
      [document, 'visibilitychange', () => listener.visibility(isDocumentVisible()), false],
      // A closing or frozen page may skip visibilitychange; pagehide still closes the session.
      [window, 'pagehide', () => listener.visibility(false), false],
      // Not in the capture phase: there, every element's blur would look like the window's.
      [window, 'focus', () => listener.focus(true), false],
      [window, 'blur', () => listener.focus(false), false],
      ...ACTIVITY_EVENTS.map((type): Binding => [window, type, () => listener.activity(), true]),
    ];
    for (const [target, type, handler, capture] of bindings) {
      target.addEventListener(type, handler, { capture, passive: true });
    }
    return () => {
      for (const [target, type, handler, capture] of bindings) {
        target.removeEventListener(type, handler, { capture });
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
