import type { ChatMessage, ChatPerson, ChatSession } from '@homestretch/contract/chat/chat-session';
import type { ChatMessagePage } from '@homestretch/contract/chat/list-messages';

/** Typed chat answers for tests (shapes checked by apiCall). The signed-in user is id 7. */

export const DANA: ChatPerson = {
  id: 7,
  first_name: 'Dana',
  last_name: 'Reyes',
  role: 'therapist',
};
export const MARIA: ChatPerson = {
  id: 40,
  first_name: 'Maria',
  last_name: 'Alvarez',
  role: 'patient',
};
export const SAM: ChatPerson = { id: 3, first_name: 'Sam', last_name: 'Ortiz', role: 'admin' };

export function messageFixture(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    session: 5,
    message: 'Hello',
    sender: MARIA,
    client_id: null,
    created_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

export function sessionFixture(overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id: 5,
    kind: 'patient',
    patient: { id: 12, first_name: 'Maria', last_name: 'Alvarez' },
    staff: null,
    support: null,
    last_message: null,
    unread_message_count: 0,
    recency: 'CHAT_RECENT',
    last_activity_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

export function supportSessionFixture(overrides: Partial<ChatSession> = {}): ChatSession {
  return sessionFixture({
    id: 9,
    kind: 'support',
    patient: null,
    staff: DANA,
    support: SAM,
    ...overrides,
  });
}

export function messagePageFixture(
  results: ChatMessage[],
  overrides: Partial<ChatMessagePage> = {},
): ChatMessagePage {
  return {
    results,
    count: results.length,
    has_more: false,
    read_up_to: null,
    session: sessionFixture(),
    ...overrides,
  };
}
