import {
  listChatMessagesRoute,
  type ChatMessagePage,
  type ListChatMessagesQuery,
} from '@homestretch/contract/chat/list-messages';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { threadFromPage, withEarlierPage, withNewerPage, type ThreadData } from './thread-rules';
import { chatKeys } from './chat-keys';

/**
 * GET /chat/message?session&before|after: a page of a conversation, oldest first. The server
 * marks what it answers as read by the caller, unless `mark_read=false`.
 */
export function listChatMessages(
  query: ListChatMessagesQuery,
  signal?: AbortSignal,
): Promise<ChatMessagePage> {
  return apiCall(listChatMessagesRoute, { query, signal });
}

/**
 * The first visit fetches the newest page; every later fetch (a reconnect, a return to the tab)
 * asks only for what came after the last message known, page by page, and merges it: nothing
 * missed is lost, and "Load earlier" history stays. The pages are merged into the thread as it
 * stands when they have come (`current`), not as it stood when the fetch began: a message sent or
 * received meanwhile (a read mark's refetch under way as the therapist sends) stays in the thread.
 */
export async function fetchThread(
  sessionId: number,
  current: () => ThreadData | undefined,
  signal?: AbortSignal,
): Promise<ThreadData> {
  const known = current();
  // A tab in the background reads nothing (the thread marks what it shows once shown).
  const marked = document.visibilityState !== 'hidden';
  const mark_read = marked ? undefined : 'false';
  let after = known?.messages.at(-1)?.id;
  if (!known || after === undefined) {
    return threadFromPage(
      await listChatMessages({ session: sessionId, mark_read }, signal),
      marked,
    );
  }
  const pages: ChatMessagePage[] = [];
  for (;;) {
    const page = await listChatMessages({ session: sessionId, after, mark_read }, signal);
    pages.push(page);
    const last = page.results.at(-1);
    // With `after`, has_more says newer messages remain past this page's last; a page that
    // moves nothing forward ends the catch-up rather than asking the same again.
    if (!page.has_more || !last || last.id <= after) {
      return pages.reduce(
        (thread, newer) => withNewerPage(thread, newer, marked),
        current() ?? known,
      );
    }
    after = last.id;
  }
}

export function useChatThread(sessionId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.thread(sessionId),
    queryFn: ({ signal }) =>
      fetchThread(
        sessionId,
        () => queryClient.getQueryData<ThreadData>(chatKeys.thread(sessionId)),
        signal,
      ),
    // The socket's reconnect fetches what was missed (use-chat-live.ts), and only in a tab that
    // is shown; the browser's `online` would fetch, and so mark read, in a hidden one too.
    refetchOnReconnect: false,
  });
}

async function loadEarlier(queryClient: QueryClient, sessionId: number): Promise<void> {
  const key = chatKeys.thread(sessionId);
  const first = queryClient.getQueryData<ThreadData>(key)?.messages[0];
  if (!first) {
    return;
  }
  const page = await listChatMessages({ session: sessionId, before: first.id });
  queryClient.setQueryData<ThreadData>(key, (thread) => thread && withEarlierPage(thread, page));
}

/** "Load earlier": the page before the first message shown. */
export function useLoadEarlier(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => loadEarlier(queryClient, sessionId) });
}
