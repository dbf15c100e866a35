/*
 * The chat modal of the patient dashboard (spec §4: closing it clears the draft), as pure
 * transitions; chat-modal-store.ts holds the one state.
 */

export interface ChatModalPatient {
  id: number;
  first_name: string;
  last_name: string;
}

export interface ChatModalState {
  /** The patient whose conversation is open; null when closed. */
  patient: ChatModalPatient | null;
  draft: string;
  /**
   * Closed by the idle rule (spec §2: idle in mobile chat only closes the modal): the dashboard
   * does not monitor again until the user does something, or idle time would count.
   */
  closedIdle: boolean;
}

export type ChatModalEvent =
  | { type: 'open'; patient: ChatModalPatient }
  | { type: 'edit'; draft: string }
  | { type: 'close'; idle: boolean }
  | { type: 'active' };

export const initialChatModalState: ChatModalState = {
  patient: null,
  draft: '',
  closedIdle: false,
};

export function chatModalTransition(state: ChatModalState, event: ChatModalEvent): ChatModalState {
  switch (event.type) {
    case 'open':
      return { patient: event.patient, draft: '', closedIdle: false };
    case 'edit':
      return state.patient ? { ...state, draft: event.draft } : state;
    case 'close':
      return { patient: null, draft: '', closedIdle: event.idle };
    case 'active':
      return state.closedIdle ? { ...state, closedIdle: false } : state;
  }
}
