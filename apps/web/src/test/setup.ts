import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setRealtimeConnector } from '../lib/chat/realtime';
import { fakeRealtime } from './fake-realtime';

// CI machines are shared and busy: give findBy/waitFor room before calling a screen missing.
configure({ asyncUtilTimeout: 5_000 });

// No test opens a real socket: the fake connects at once and lets a test drive its events.
setRealtimeConnector(fakeRealtime.connector);
beforeEach(() => {
  fakeRealtime.reset();
});

afterEach(() => {
  cleanup();
});
