import {
  listChatSessionsRoute,
  type ChatSessionList,
} from '@homestretch/contract/chat/list-sessions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from '../../../shared/chat/chat-keys';

/** GET /chat/therapist?page&search: the caller's conversations, newest activity first, 25 a page. */
export function listChatSessions(
  page: number,
  search: string,
  signal?: AbortSignal,
): Promise<ChatSessionList> {
  return apiCall(listChatSessionsRoute, {
    query: { page, ...(search ? { search } : {}) },
    signal,
  });
}

export function chatSessionsQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: chatKeys.sessionList(page, search),
    queryFn: ({ signal }) => listChatSessions(page, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChatSessions(page: number, search: string) {
  return useQuery(chatSessionsQueryOptions(page, search));
}
