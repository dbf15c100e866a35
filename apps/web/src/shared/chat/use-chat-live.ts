import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys } from './chat-keys';
import { holdRealtime, listenRealtime } from './realtime';
import { withMessage, type ThreadData } from './thread-rules';
import { isDocumentVisible, onVisibilityChange } from '../../lib/use-document-visible';

/**
 * Keeps the chat live while `meId` is signed in (the staff layout; the patient app's chat): holds
 * the tab's connection, puts each new message into its open thread (once, by id), refreshes the
 * unread counts and lists on every message and read mark, and fetches what was missed on every
 * (re)connect. The outbox (outbox-store.ts) follows the connection on its own.
 */
export function useChatLive(meId: number | null): void {
  const queryClient = useQueryClient();

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
    // A thread's fetch marks what it answers read on the server: a hidden tab only marks the
    // threads out of date, and fetches them once it is shown (the counts meanwhile say unread).
    const refetchThreads = (queryKey: readonly unknown[]) =>
      void queryClient.invalidateQueries({
        queryKey,
        refetchType: isDocumentVisible() ? 'active' : 'none',
      });
    const stopVisibility = onVisibilityChange(() => {
      if (isDocumentVisible()) {
        void queryClient.refetchQueries(
          {
            queryKey: chatKeys.threads(),
            type: 'active',
            predicate: (query) => query.state.isInvalidated,
          },
          // The return to the tab may have started the same fetch already.
          { cancelRefetch: false },
        );
      }
    });
    const stopListening = listenRealtime({
      connected: () => {
        // Each open thread asks for what came after its last message (get-chat-thread.ts).
        refetchThreads(chatKeys.threads());
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
          refetchThreads(chatKeys.thread(event.session));
        }
        refreshCounts();
      },
    });
    return () => {
      stopListening();
      stopVisibility();
    };
  }, [queryClient, meId]);
}

/** useChatLive as a component, for a layout that loads it on its own (React.lazy). */
export function ChatLive({ meId }: { meId: number }) {
  useChatLive(meId);
  return null;
}
