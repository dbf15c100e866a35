import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRealtime } from '../../test/fake-realtime';
import { messageFixture } from '../../test/chat-fixtures';
import { holdRealtime, isConnected, listenRealtime, realtimeStore } from './realtime';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the real-time connection', () => {
  it('opens once for all its holders and closes with the last', async () => {
    const first = holdRealtime();
    const second = holdRealtime();
    await settle();
    expect(fakeRealtime.opened).toBe(1);
    expect(realtimeStore.getState().status).toBe('connected');
    first();
    first();
    expect(realtimeStore.getState().status).toBe('connected');
    second();
    expect(realtimeStore.getState().status).toBe('off');
    expect(fakeRealtime.signals).toBeNull();
  });

  it('tells its listeners each message and each (re)connect, until they stop listening', async () => {
    const heard: string[] = [];
    const stop = listenRealtime({
      connected: () => heard.push('connected'),
      newMessage: (message) => heard.push(`message ${message.id}`),
      messageRead: (event) => heard.push(`read ${event.last_read_message_id}`),
    });
    const release = holdRealtime();
    await settle();
    fakeRealtime.newMessage(messageFixture({ id: 4 }));
    fakeRealtime.disconnect();
    expect(realtimeStore.getState().status).toBe('disconnected');
    fakeRealtime.reconnect();
    fakeRealtime.messageRead({ session: 5, user_id: 40, last_read_message_id: 4 });
    stop();
    fakeRealtime.newMessage(messageFixture({ id: 5 }));
    release();
    expect(heard).toEqual(['connected', 'message 4', 'connected', 'read 4']);
  });

  it('shuts a connection that opens after it was let go', async () => {
    const release = holdRealtime();
    release();
    await settle();
    expect(realtimeStore.getState().status).toBe('off');
    expect(fakeRealtime.signals).toBeNull();
  });
});

describe('being connected', () => {
  it('needs both the network and the socket', () => {
    expect(isConnected(true, 'connected')).toBe(true);
    expect(isConnected(false, 'connected')).toBe(false);
    expect(isConnected(true, 'disconnected')).toBe(false);
    expect(isConnected(true, 'connecting')).toBe(false);
  });
});
