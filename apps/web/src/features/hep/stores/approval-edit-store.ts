import { createStore, useStore } from 'zustand';
import type { DraftEntry } from '../components/approval-draft';

/*
 * Spec §4 approval-request editing: an editing flag plus a request id, and the draft being
 * edited. Starting edits the pending request when there is one (its id is kept, and sending a
 * new one supersedes it) or the program as it is; leaving edit, by sending, cancelling or
 * leaving the patient, clears the pending draft. Transitions are pure; the store is thin.
 */

export interface ApprovalEditState {
  editing: boolean;
  /** The pending request the draft started from, if any. */
  requestId: number | null;
  patientId: number | null;
  draft: DraftEntry[];
}

export type ApprovalEditEvent =
  | { type: 'start'; patientId: number; requestId: number | null; draft: DraftEntry[] }
  | { type: 'change'; draft: DraftEntry[] }
  | { type: 'leave' };

export const initialApprovalEditState: ApprovalEditState = {
  editing: false,
  requestId: null,
  patientId: null,
  draft: [],
};

export function approvalEditReducer(
  state: ApprovalEditState,
  event: ApprovalEditEvent,
): ApprovalEditState {
  switch (event.type) {
    case 'start':
      return {
        editing: true,
        requestId: event.requestId,
        patientId: event.patientId,
        draft: event.draft,
      };
    case 'change':
      return state.editing ? { ...state, draft: event.draft } : state;
    case 'leave':
      return initialApprovalEditState;
  }
}

export const approvalEditStore = createStore<ApprovalEditState>(() => initialApprovalEditState);

export function dispatchApprovalEdit(event: ApprovalEditEvent): void {
  approvalEditStore.setState((state) => approvalEditReducer(state, event), true);
}

/** The editing state for one patient: another patient's draft is never shown here. */
export function useApprovalEdit(patientId: number): ApprovalEditState {
  const state = useStore(approvalEditStore);
  return state.patientId === patientId ? state : initialApprovalEditState;
}
