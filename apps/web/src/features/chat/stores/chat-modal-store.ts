import { createStore, useStore } from 'zustand';
import {
  chatModalTransition,
  initialChatModalState,
  type ChatModalEvent,
  type ChatModalState,
} from './chat-modal-machine';

export const chatModalStore = createStore<ChatModalState>(() => initialChatModalState);

export function dispatchChatModal(event: ChatModalEvent): void {
  chatModalStore.setState(chatModalTransition(chatModalStore.getState(), event), true);
}

export function useChatModal<T>(select: (state: ChatModalState) => T): T {
  return useStore(chatModalStore, select);
}
