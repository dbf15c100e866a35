import { createStore, useStore } from 'zustand';
import { onSessionEnd } from './unsent';

/**
 * What the user has written and not yet sent, by conversation: it waits while they look at
 * another one. In memory only (it is patient data, never in the browser's storage), and
 * forgotten when the session ends (unsent.ts).
 */
export const chatDraftsStore = createStore<Readonly<Record<number, string>>>(() => ({}));

export function setChatDraft(sessionId: number, draft: string): void {
  chatDraftsStore.setState((drafts) => {
    // A sent or emptied draft leaves nothing behind.
    const { [sessionId]: _gone, ...others } = drafts;
    return draft === '' ? others : { ...others, [sessionId]: draft };
  }, true);
}

onSessionEnd(() => chatDraftsStore.setState({}, true));

export function useChatDraft(sessionId: number): string {
  return useStore(chatDraftsStore, (drafts) => drafts[sessionId] ?? '');
}
