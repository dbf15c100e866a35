import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-messages';

/*
 * The outbox (decision 023): a message shows at once and is stored by an HTTP call. Each one has
 * the sender's client_id, so sending it again after a lost answer stores it once. Pure
 * transitions; outbox-store.ts runs the sends they ask for.
 *
 * sending: its call is under way.
 * waiting: no connection (the browser is offline or the socket is down); it goes by itself when
 *          the connection returns.
 * failed:  the server refused it (a flood's 429, a bad message); the sender retries by hand.
 * A stored message leaves the outbox: the thread shows it from then on.
 */

export type OutboxStatus = 'sending' | 'waiting' | 'failed';

export interface OutboxEntry {
  clientId: string;
  session: number;
  text: string;
  status: OutboxStatus;
  /** When it was written (ISO), for its place and day in the thread. */
  createdAt: string;
  /** Why it failed, in words for the sender. */
  error: string | null;
  /** It failed for sending too fast (429): the composer says so. */
  rateLimited: boolean;
}

export interface OutboxState {
  entries: readonly OutboxEntry[];
}

export const initialOutboxState: OutboxState = { entries: [] };

export type OutboxEvent =
  | {
      type: 'write';
      clientId: string;
      session: number;
      text: string;
      createdAt: string;
      connected: boolean;
    }
  | { type: 'stored'; clientId: string }
  | { type: 'send-failed'; clientId: string; failure: SendFailure }
  | { type: 'retry'; clientId: string; connected: boolean }
  | { type: 'connected' }
  /** The session ended (sign-out, or another sign-in): what it wrote is never sent. */
  | { type: 'forget' };

export interface OutboxStep {
  state: OutboxState;
  /** Entries whose call should start now. */
  send: OutboxEntry[];
}

/** What a failed send means for its message. */
export type SendFailure =
  { kind: 'offline' } | { kind: 'refused'; message: string; rateLimited: boolean };

/**
 * A network failure is no refusal: the message waits for the connection. A 429 shows the
 * server's own words (how long to wait); anything else the usual words for its error.
 */
export function sendFailure(error: unknown): SendFailure {
  if (isApiError(error) && error.isNetworkError) {
    return { kind: 'offline' };
  }
  if (isApiError(error) && error.status === 429) {
    return {
      kind: 'refused',
      message: error.serverMessage ?? errorMessage(error),
      rateLimited: true,
    };
  }
  return { kind: 'refused', message: errorMessage(error), rateLimited: false };
}

function update(
  state: OutboxState,
  clientId: string,
  change: (entry: OutboxEntry) => OutboxEntry,
): OutboxStep {
  const index = state.entries.findIndex((entry) => entry.clientId === clientId);
  const entry = state.entries[index];
  if (!entry) {
    return { state, send: [] };
  }
  const changed = change(entry);
  return {
    state: { entries: state.entries.with(index, changed) },
    send: changed.status === 'sending' && entry.status !== 'sending' ? [changed] : [],
  };
}

export function outboxTransition(state: OutboxState, event: OutboxEvent): OutboxStep {
  switch (event.type) {
    case 'write': {
      const entry: OutboxEntry = {
        clientId: event.clientId,
        session: event.session,
        text: event.text,
        status: event.connected ? 'sending' : 'waiting',
        createdAt: event.createdAt,
        error: null,
        rateLimited: false,
      };
      return {
        state: { entries: [...state.entries, entry] },
        send: entry.status === 'sending' ? [entry] : [],
      };
    }
    case 'forget':
      return { state: initialOutboxState, send: [] };
    case 'stored':
      return {
        state: { entries: state.entries.filter((entry) => entry.clientId !== event.clientId) },
        send: [],
      };
    case 'send-failed': {
      const { failure } = event;
      const step = update(state, event.clientId, (entry) =>
        failure.kind === 'offline'
          ? { ...entry, status: 'waiting', error: null, rateLimited: false }
          : {
              ...entry,
              status: 'failed',
              error: failure.message,
              rateLimited: failure.rateLimited,
            },
      );
      return { state: step.state, send: [] };
    }
    case 'retry':
      return update(state, event.clientId, (entry) =>
        entry.status === 'failed'
          ? {
              ...entry,
              status: event.connected ? 'sending' : 'waiting',
              error: null,
              rateLimited: false,
            }
          : entry,
      );
    case 'connected': {
      // Only what waited goes: a failed message was refused and waits for its sender's retry.
      const send: OutboxEntry[] = [];
      const entries = state.entries.map((entry) => {
        if (entry.status !== 'waiting') {
          return entry;
        }
        const going: OutboxEntry = { ...entry, status: 'sending' };
        send.push(going);
        return going;
      });
      return { state: { entries }, send };
    }
  }
}
