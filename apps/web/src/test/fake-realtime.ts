import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import type { MessageReadEvent } from '@homestretch/contract/realtime/events';
import { act } from '@testing-library/react';
import type { RealtimeConnector, RealtimeSignals } from '../lib/chat/realtime';

/**
 * Stands in for the Socket.IO server in tests (setup.ts installs it): no test opens a socket.
 * It connects as soon as it is asked to, unless a test says the network is down.
 */
export const fakeRealtime = {
  signals: null as RealtimeSignals | null,
  reachable: true,
  opened: 0,
  connector: (async (signals) => {
    fakeRealtime.opened += 1;
    fakeRealtime.signals = signals;
    if (fakeRealtime.reachable) {
      signals.connected();
    }
    return () => {
      if (fakeRealtime.signals === signals) {
        fakeRealtime.signals = null;
      }
    };
  }) as RealtimeConnector,
  reset(): void {
    fakeRealtime.signals = null;
    fakeRealtime.reachable = true;
    fakeRealtime.opened = 0;
  },
  current(): RealtimeSignals {
    if (!fakeRealtime.signals) {
      throw new Error('No real-time connection is open');
    }
    return fakeRealtime.signals;
  },
  disconnect(): void {
    act(() => fakeRealtime.current().disconnected());
  },
  reconnect(): void {
    act(() => fakeRealtime.current().connected());
  },
  newMessage(message: ChatMessage): void {
    act(() => fakeRealtime.current().newMessage(message));
  },
  messageRead(event: MessageReadEvent): void {
    act(() => fakeRealtime.current().messageRead(event));
  },
};
