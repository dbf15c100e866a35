import { describe, expect, it } from 'vitest';
import { chatRecency } from '@homestretch/contract/chat/chat-rules';

describe('chatRecency', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('is CHAT_RECENT up to seven days after the last message, CHAT_OUTDATED after', () => {
    expect(chatRecency(new Date('2026-11-26T11:59:00Z'), now)).toBe('CHAT_RECENT');
    expect(chatRecency(new Date('2026-11-19T12:00:00Z'), now)).toBe('CHAT_RECENT');
    expect(chatRecency(new Date('2026-11-19T11:59:59Z'), now)).toBe('CHAT_OUTDATED');
  });
});
