import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import { createStore, useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { isConnected, realtimeStore } from './realtime';
import { sendChatMessage } from './send-chat-message';
import { onSessionEnd } from './unsent';
import {
  initialOutboxState,
  outboxTransition,
  sendFailure,
  type OutboxEntry,
  type OutboxEvent,
  type OutboxState,
} from './outbox-machine';

/** The tab's one outbox: messages survive leaving their thread while they wait. */
export const outboxStore = createStore<OutboxState>(() => initialOutboxState);

/** Where a stored message goes (the thread's cache); set by the thread. */
type Stored = (message: ChatMessage) => void;

let onStored: Stored = () => undefined;

export function setOutboxDelivery(stored: Stored): void {
  onStored = stored;
}

function deliver(entry: OutboxEntry): void {
  sendChatMessage({ session: entry.session, message: entry.text, client_id: entry.clientId }).then(
    (message) => {
      // The thread shows the stored message before the outbox lets its copy go: no flicker.
      onStored(message);
      dispatchOutbox({ type: 'stored', clientId: entry.clientId });
    },
    (error: unknown) =>
      dispatchOutbox({
        type: 'send-failed',
        clientId: entry.clientId,
        failure: sendFailure(error),
      }),
  );
}

export function dispatchOutbox(event: OutboxEvent): void {
  const step = outboxTransition(outboxStore.getState(), event);
  outboxStore.setState(step.state, true);
  step.send.forEach(deliver);
}

/** A message written now, with its own client_id. */
export function writeMessage(session: number, text: string, connected: boolean): void {
  dispatchOutbox({
    type: 'write',
    clientId: crypto.randomUUID(),
    session,
    text,
    createdAt: new Date().toISOString(),
    connected,
  });
}

export function useOutbox(session: number): OutboxEntry[] {
  return useStore(
    outboxStore,
    useShallow((state) => state.entries.filter((entry) => entry.session === session)),
  );
}

function onConnectionChange(): void {
  if (isConnected(navigator.onLine, realtimeStore.getState().status)) {
    dispatchOutbox({ type: 'connected' });
  }
}

// Waiting messages go when the connection returns, whether or not their thread is still open:
// the outbox lives as long as the tab, from the first thread shown.
realtimeStore.subscribe(onConnectionChange);
onSessionEnd(() => dispatchOutbox({ type: 'forget' }));
window.addEventListener('online', onConnectionChange);
