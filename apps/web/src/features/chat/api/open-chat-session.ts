import { openChatSessionRoute } from '@homestretch/contract/chat/open-session';
import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { chatKeys } from '../../../shared/chat/chat-keys';

/**
 * POST /chat/session {patient}: the conversation with a patient, made on first ask and the same
 * one after, so it is read like a query (asking twice changes nothing).
 */
export function openChatSession(patientId: number): Promise<ChatSession> {
  return apiCall(openChatSessionRoute, { body: { patient: patientId } });
}

export function usePatientChatSession(patientId: number) {
  return useQuery({
    queryKey: chatKeys.patientSession(patientId),
    queryFn: () => openChatSession(patientId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
