import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  initialOutboxState,
  outboxTransition,
  sendFailure,
  type OutboxEvent,
  type OutboxState,
} from './outbox-machine';

const write = (clientId: string, connected: boolean): OutboxEvent => ({
  type: 'write',
  clientId,
  session: 5,
  text: `message ${clientId}`,
  createdAt: '2026-11-26T09:00:00.000Z',
  connected,
});

function run(events: OutboxEvent[], state: OutboxState = initialOutboxState) {
  const sent: string[] = [];
  for (const event of events) {
    const step = outboxTransition(state, event);
    state = step.state;
    sent.push(...step.send.map((entry) => entry.clientId));
  }
  return { state, sent, statuses: state.entries.map((entry) => entry.status) };
}

describe('the outbox', () => {
  it('sends a message written while connected at once', () => {
    const { statuses, sent } = run([write('a', true)]);
    expect(statuses).toEqual(['sending']);
    expect(sent).toEqual(['a']);
  });

  it('keeps a message written offline waiting, and sends it when the connection returns', () => {
    const offline = run([write('a', false), write('b', false)]);
    expect(offline.statuses).toEqual(['waiting', 'waiting']);
    expect(offline.sent).toEqual([]);

    const back = run([{ type: 'connected' }], offline.state);
    expect(back.statuses).toEqual(['sending', 'sending']);
    expect(back.sent).toEqual(['a', 'b']);
  });

  it('lets a stored message go', () => {
    const { state } = run([write('a', true), write('b', true), { type: 'stored', clientId: 'a' }]);
    expect(state.entries.map((entry) => entry.clientId)).toEqual(['b']);
  });

  it('puts a message whose call lost the network back to waiting, not failed', () => {
    const { state } = run([
      write('a', true),
      { type: 'send-failed', clientId: 'a', failure: { kind: 'offline' } },
    ]);
    expect(state.entries[0]).toMatchObject({ status: 'waiting', error: null });
  });

  it('marks a refused message failed with its reason, and sends it again on retry only', () => {
    const failed = run([
      write('a', true),
      {
        type: 'send-failed',
        clientId: 'a',
        failure: { kind: 'refused', message: 'Slow down', rateLimited: true },
      },
    ]);
    expect(failed.state.entries[0]).toMatchObject({
      status: 'failed',
      error: 'Slow down',
      rateLimited: true,
    });

    // A refused message is no waiting one: the connection coming back does not resend it.
    expect(run([{ type: 'connected' }], failed.state).sent).toEqual([]);

    const retried = run([{ type: 'retry', clientId: 'a', connected: true }], failed.state);
    expect(retried.sent).toEqual(['a']);
    expect(retried.state.entries[0]).toMatchObject({
      status: 'sending',
      error: null,
      rateLimited: false,
    });
  });

  it('retries a failed message offline as waiting', () => {
    const { state, sent } = run([
      write('a', true),
      {
        type: 'send-failed',
        clientId: 'a',
        failure: { kind: 'refused', message: 'No', rateLimited: false },
      },
      { type: 'retry', clientId: 'a', connected: false },
    ]);
    expect(state.entries[0]?.status).toBe('waiting');
    expect(sent).toEqual(['a']);
  });

  it('never sends one message twice at once', () => {
    const { sent } = run([
      write('a', true),
      { type: 'connected' },
      { type: 'retry', clientId: 'a', connected: true },
    ]);
    expect(sent).toEqual(['a']);
  });

  it('forgets every message, sending or waiting, when the session ends', () => {
    const written = outboxTransition(
      outboxTransition(initialOutboxState, write('a', true)).state,
      write('b', false),
    ).state;
    expect(written.entries).toHaveLength(2);
    expect(outboxTransition(written, { type: 'forget' })).toEqual({
      state: initialOutboxState,
      send: [],
    });
  });

  it('ignores events about messages it does not hold', () => {
    const start = run([write('a', true)]).state;
    expect(outboxTransition(start, { type: 'retry', clientId: 'zz', connected: true })).toEqual({
      state: start,
      send: [],
    });
  });
});

describe('what a failed send means', () => {
  it('a network failure is offline', () => {
    expect(
      sendFailure(new ApiError({ status: 0, code: 'network_error', message: 'offline' })),
    ).toEqual({ kind: 'offline' });
  });

  it('a 429 is refused in the server’s words, and marked as a flood', () => {
    expect(
      sendFailure(
        new ApiError({
          status: 429,
          code: 'rate_limited',
          message: 'Too many messages',
          serverMessage: 'You are sending messages too fast. Wait a minute.',
          retryAfter: 40,
        }),
      ),
    ).toEqual({
      kind: 'refused',
      message: 'You are sending messages too fast. Wait a minute.',
      rateLimited: true,
    });
  });

  it('a 422 is refused with its message', () => {
    expect(
      sendFailure(
        new ApiError({
          status: 422,
          code: 'rule_violation',
          message: 'x',
          serverMessage: 'This patient was discharged',
        }),
      ),
    ).toEqual({ kind: 'refused', message: 'This patient was discharged', rateLimited: false });
  });
});
