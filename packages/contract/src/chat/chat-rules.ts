import type { CHAT_RECENCY } from '../common/enums';

/** A message is 1 to this many characters after trimming (issue 14). */
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;

/** Messages per page of a conversation's history, newest page first. */
export const CHAT_HISTORY_PAGE_SIZE = 50;

/**
 * A conversation with a message in the last week is CHAT_RECENT, older ones CHAT_OUTDATED: a
 * therapist answers patients within days, so the list puts what still needs them first.
 */
export const CHAT_RECENT_DAYS = 7;

/** A flood guard per sender: more than this many messages a minute is a 429. */
export const CHAT_MESSAGES_PER_MINUTE = 30;

export type ChatRecency = (typeof CHAT_RECENCY)[number];

export function chatRecency(lastActivityAt: Date, now: Date): ChatRecency {
  const age = now.getTime() - lastActivityAt.getTime();
  return age <= CHAT_RECENT_DAYS * 24 * 60 * 60_000 ? 'CHAT_RECENT' : 'CHAT_OUTDATED';
}
