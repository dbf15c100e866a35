import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import type { SendChatMessageBody } from '@homestretch/contract/chat/send-message';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type MessageReadEvent,
  type ServerToClientEvents,
  type SocketAnswer,
} from '@homestretch/contract/realtime/events';
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import { createStore, useStore } from 'zustand';
import { env } from '../../config/env';

/*
 * The tab's one real-time connection (ARCHITECTURE.md "Real time", decision 023). Screens hold it
 * while they need it (the staff layout while someone is signed in, the patient app's chat); the
 * first holder opens it and the last one to let go closes it. socket.io-client is imported only
 * when it opens, so screens that never hold it do not download it.
 */

export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'disconnected';

/** What a connection reports; the connector calls these. */
export interface RealtimeSignals {
  connected(): void;
  disconnected(): void;
  newMessage(message: ChatMessage): void;
  messageRead(event: MessageReadEvent): void;
}

/** A message sent over the connection, answered by the server's acknowledgement. */
export type SocketSend = (body: SendChatMessageBody) => Promise<SocketAnswer<ChatMessage>>;

/** Opens a connection and answers how to close it and send on it. Tests install their own. */
export type RealtimeConnector = (
  signals: RealtimeSignals,
) => Promise<{ close: () => void; send: SocketSend }>;

/** An acknowledgement slower than this counts as a lost connection: the outbox tries again. */
const ACK_TIMEOUT_MS = 10_000;

export interface RealtimeListener {
  /** Every connect, the first and each reconnect: what was missed meanwhile is fetched. */
  connected?: () => void;
  newMessage?: (message: ChatMessage) => void;
  messageRead?: (event: MessageReadEvent) => void;
}

const socketIoConnector: RealtimeConnector = async (signals) => {
  const { io } = await import('socket.io-client');
  // WebSocket first: one connection, so several server nodes behind a balancer need no sticky
  // sessions (README); long polling only where a proxy refuses the upgrade.
  const options = {
    path: REALTIME_PATH,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = env.apiBase
    ? io(env.apiBase, options)
    : io(options);
  socket.on('connect', signals.connected);
  socket.on('disconnect', signals.disconnected);
  socket.on('new_message', signals.newMessage);
  socket.on('message_read', signals.messageRead);
  return {
    close: () => {
      socket.disconnect();
    },
    send: (body) => socket.timeout(ACK_TIMEOUT_MS).emitWithAck('send_message', body),
  };
};

export const realtimeStore = createStore<{ status: RealtimeStatus }>(() => ({ status: 'off' }));

let connector: RealtimeConnector = socketIoConnector;
let holders = 0;
/** Bumped on every open and close, so a connection that opens after its close is shut at once. */
let generation = 0;
let close: (() => void) | null = null;
let send: SocketSend | null = null;
const listeners = new Set<RealtimeListener>();

function setStatus(status: RealtimeStatus): void {
  realtimeStore.setState({ status });
}

function open(): void {
  generation += 1;
  const mine = generation;
  setStatus('connecting');
  const live = () => mine === generation;
  connector({
    connected: () => {
      if (live()) {
        setStatus('connected');
        listeners.forEach((listener) => listener.connected?.());
      }
    },
    disconnected: () => {
      if (live()) {
        setStatus('disconnected');
      }
    },
    newMessage: (message) => {
      if (live()) {
        listeners.forEach((listener) => listener.newMessage?.(message));
      }
    },
    messageRead: (event) => {
      if (live()) {
        listeners.forEach((listener) => listener.messageRead?.(event));
      }
    },
  }).then(
    (connection) => {
      if (live()) {
        close = connection.close;
        send = connection.send;
      } else {
        connection.close();
      }
    },
    (error: unknown) => {
      // The client library failed to load (offline on first use): the chat waits as offline.
      console.warn('The real-time connection could not start', error);
      if (live()) {
        setStatus('disconnected');
      }
    },
  );
}

function shut(): void {
  generation += 1;
  close?.();
  close = null;
  send = null;
  setStatus('off');
}

/** Sends over the connection when it is up; null when there is none to send on. */
export function sendOverSocket(
  body: SendChatMessageBody,
): Promise<SocketAnswer<ChatMessage>> | null {
  return send && realtimeStore.getState().status === 'connected' ? send(body) : null;
}

/** Holds the connection open until the answered function is called. */
export function holdRealtime(): () => void {
  holders += 1;
  if (holders === 1) {
    open();
  }
  let released = false;
  return () => {
    if (released) {
      return;
    }
    released = true;
    holders -= 1;
    if (holders === 0) {
      shut();
    }
  };
}

/** Hears the connection's events until the answered function is called. */
export function listenRealtime(listener: RealtimeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tests replace Socket.IO with a connector they drive; answers the previous one. */
export function setRealtimeConnector(next: RealtimeConnector): RealtimeConnector {
  const previous = connector;
  connector = next;
  return previous;
}

export function useRealtimeStatus(): RealtimeStatus {
  return useStore(realtimeStore, (state) => state.status);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own word on the network (`navigator.onLine`). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether messages can go now: the browser has a network and the socket is connected (a socket
 * that cannot connect is the surest sign the server is out of reach).
 */
export function isConnected(browserOnline: boolean, status: RealtimeStatus): boolean {
  return browserOnline && status === 'connected';
}

export function useConnected(): boolean {
  return isConnected(useBrowserOnline(), useRealtimeStatus());
}
