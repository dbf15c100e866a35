import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import { patientChatSessionRoute } from '@homestretch/contract/chat/patient-chat';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { chatKeys } from '../../shared/chat/chat-keys';
import { getChatUnread } from '../../shared/chat/get-chat-unread';

/** GET /app-api/chat: the signed-in patient's conversation with their clinic. */
export function getMyChatSession(signal?: AbortSignal): Promise<ChatSession> {
  return apiCall(patientChatSessionRoute, { signal });
}

export function useMyChatSession() {
  return useQuery({
    queryKey: chatKeys.mine(),
    queryFn: ({ signal }) => getMyChatSession(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The count on the program's way to the chat is asked again this often while the app is shown. */
export const UNREAD_REFRESH_MS = 60_000;

/**
 * The clinic's messages the patient has not read (GET /chat/unread: a count, which neither opens
 * the conversation nor reads it, so asking leaves no audit row). Outside the chat there is no
 * socket (its client is the chat's own chunk): the count is asked again whenever the patient
 * comes back to the app, and every minute while it is shown; in the chat, its events refresh it.
 */
export function useMyUnreadCount() {
  return useQuery({
    queryKey: chatKeys.unread(),
    queryFn: ({ signal }) => getChatUnread(signal),
    select: (unread) => unread.unread_message_count,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    refetchInterval: UNREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
    // A badge that cannot load is left out; the next interval asks again.
    retry: false,
  });
}
