import { describe, expect, it } from 'vitest';
import { chatModalTransition, initialChatModalState } from './chat-modal-machine';

const maria = { id: 12, first_name: 'Maria', last_name: 'Alvarez' };

describe('the chat modal', () => {
  it('opens on a patient with an empty draft and keeps what is typed', () => {
    const open = chatModalTransition(initialChatModalState, { type: 'open', patient: maria });
    const typed = chatModalTransition(open, { type: 'edit', draft: 'See you Monday' });
    expect(typed).toEqual({ patient: maria, draft: 'See you Monday', closedIdle: false });
  });

  it('clears the draft when it closes (spec §4)', () => {
    let state = chatModalTransition(initialChatModalState, { type: 'open', patient: maria });
    state = chatModalTransition(state, { type: 'edit', draft: 'Half a thought' });
    state = chatModalTransition(state, { type: 'close', idle: false });
    expect(state).toEqual(initialChatModalState);
    state = chatModalTransition(state, { type: 'open', patient: maria });
    expect(state.draft).toBe('');
  });

  it('keeps no draft while closed', () => {
    expect(chatModalTransition(initialChatModalState, { type: 'edit', draft: 'x' })).toBe(
      initialChatModalState,
    );
  });

  it('remembers an idle close until the user is active again', () => {
    let state = chatModalTransition(initialChatModalState, { type: 'open', patient: maria });
    state = chatModalTransition(state, { type: 'close', idle: true });
    expect(state).toEqual({ patient: null, draft: '', closedIdle: true });
    expect(chatModalTransition(state, { type: 'active' }).closedIdle).toBe(false);
  });
});
