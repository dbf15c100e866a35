import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import type { MessageReadEvent } from '@homestretch/contract/realtime/events';
import { act } from '@testing-library/react';
import { resolveUrl } from '../lib/api-client';
import type { RealtimeConnector, RealtimeSignals } from '../shared/chat/realtime';

/**
 * What the server answers a message sent over the socket: the same as POST /chat/message, so the
 * test's own answer to that call (a mocked fetch) answers the socket too.
 */
async function sendThroughHttp(body: unknown) {
  const response = await fetch(resolveUrl('/chat/message'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as unknown;
  const retryAfter = response.headers.get('Retry-After');
  return {
    status: response.status,
    body: (retryAfter && typeof answer === 'object' && answer !== null && 'error' in answer
      ? { error: { ...(answer.error as object), retry_after: Number(retryAfter) } }
      : answer) as ChatMessage,
  };
}

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
    return {
      close: () => {
        if (fakeRealtime.signals === signals) {
          fakeRealtime.signals = null;
        }
      },
      send: sendThroughHttp,
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
