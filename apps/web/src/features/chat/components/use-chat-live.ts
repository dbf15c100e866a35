import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { holdRealtime, listenRealtime, useConnected } from '../../../lib/realtime';
import { chatKeys } from '../api/chat-keys';
import { dispatchOutbox, setOutboxDelivery } from '../stores/outbox-store';
import { withMessage, type ThreadData } from './thread-rules';

/**
 * Keeps the chat live while `meId` is signed in (the staff layout; the patient app's chat): holds
 * the tab's connection, puts each new message into its open thread (once, by id), refreshes the
 * unread counts and lists on every message and read mark, fetches what was missed on every
 * (re)connect, and lets the outbox's waiting messages go when the connection returns.
 */
export function useChatLive(meId: number | null): void {
  const queryClient = useQueryClient();
  const connected = useConnected();

  useEffect(() => (meId === null ? undefined : holdRealtime()), [meId]);

  useEffect(() => {
    if (meId === null) {
      return undefined;
    }
    const refreshCounts = () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessionLists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.support() });
    };
    const addToThread = (message: Parameters<typeof withMessage>[1]) =>
      queryClient.setQueryData<ThreadData>(
        chatKeys.thread(message.session),
        (thread) => thread && withMessage(thread, message),
      );
    setOutboxDelivery((message) => {
      addToThread(message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessionLists() });
    });
    return listenRealtime({
      connected: () => {
        // Each open thread asks for what came after its last message (get-chat-thread.ts).
        void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
        refreshCounts();
      },
      newMessage: (message) => {
        addToThread(message);
        refreshCounts();
      },
      messageRead: (event) => {
        // Someone else read: the thread's read mark comes from the server, which knows whose
        // reading counts (the patient's, or for the patient any of the clinic's people).
        if (event.user_id !== meId) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.thread(event.session) });
        }
        refreshCounts();
      },
    });
  }, [queryClient, meId]);

  useEffect(() => {
    if (meId !== null && connected) {
      dispatchOutbox({ type: 'connected' });
    }
  }, [meId, connected]);
}
