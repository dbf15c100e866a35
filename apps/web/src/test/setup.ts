import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { setRealtimeConnector } from '../shared/chat/realtime';
import { loadCalendar } from '../ui/date-picker';
import { fakeRealtime } from './fake-realtime';

// CI machines are shared and busy: give findBy/waitFor room before calling a screen missing.
configure({ asyncUtilTimeout: 5_000 });

// No test opens a real socket: the fake connects at once and lets a test drive its events.
setRealtimeConnector(fakeRealtime.connector);
// Files share one window (isolate off): each test starts at jsdom's own 1024 px, whatever width
// a phone test before it left (a phone layout then met a test written for a laptop).
beforeEach(() => {
  fakeRealtime.reset();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
});

// The date picker's calendar is a chunk of its own in the app (ui/date-picker.tsx), fetched as
// the pointer nears the button; loaded up front here, a click opens it at once as it does there.
beforeAll(async () => {
  await loadCalendar();
});

afterEach(() => {
  cleanup();
});
