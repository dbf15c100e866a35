import { describe, expect, it } from 'vitest';
import { chatDraftsStore, setChatDraft } from './chat-drafts';
import { outboxStore, writeMessage } from './outbox-store';
import { forgetUnsentChat } from './unsent';

describe('words written and not yet sent', () => {
  it('are forgotten when the session ends, so the next person to sign in never sends them', () => {
    setChatDraft(5, 'My knee hurts after the step-ups');
    writeMessage(5, 'Written on the bus with no signal', false);
    expect(outboxStore.getState().entries.map((entry) => entry.status)).toEqual(['waiting']);

    forgetUnsentChat();

    expect(chatDraftsStore.getState()).toEqual({});
    expect(outboxStore.getState().entries).toEqual([]);
  });
});
