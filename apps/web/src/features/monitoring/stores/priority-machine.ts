import type { PRIORITY_MODAL_CHOICES } from '@homestretch/contract/common/enums';
import type { PriorityPatient } from '@homestretch/contract/monitoring/priority-list';
import { createStore, useStore } from 'zustand';

/*
 * Priority monitoring (spec §4): an active flag, the list of patients, and a current index that
 * advances only while below the last. It starts, goes to the next patient, exits, opens and closes
 * its panel, and holds monitoring for the exit modal. Ending clears the list and resets the index.
 * Transitions are pure; the store is thin.
 */

export type PriorityModalChoice = (typeof PRIORITY_MODAL_CHOICES)[number];

/** Which question the modal asks: the current patient's minutes are reached, or leave the mode? */
export type PriorityModal = 'reached' | 'exit';

export interface PriorityState {
  active: boolean;
  list: PriorityPatient[];
  index: number;
  panelOpen: boolean;
  modal: PriorityModal | null;
  /** Monitoring is held while the exit modal asks. */
  paused: boolean;
  /** Patients whose minutes were reached and asked about: asked once each. */
  asked: number[];
}

export type PriorityEvent =
  | { type: 'start'; list: PriorityPatient[] }
  | { type: 'next' }
  | { type: 'select'; index: number }
  | { type: 'exit' }
  | { type: 'open-panel' }
  | { type: 'close-panel' }
  | { type: 'ask-exit' }
  | { type: 'cancel-exit' }
  | { type: 'reached'; patientId: number }
  | { type: 'stay' };

export const initialPriorityState: PriorityState = {
  active: false,
  list: [],
  index: 0,
  panelOpen: false,
  modal: null,
  paused: false,
  asked: [],
};

export function currentPriorityPatient(state: PriorityState): PriorityPatient | null {
  return state.active ? (state.list[state.index] ?? null) : null;
}

export function hasNextPriorityPatient(state: PriorityState): boolean {
  return state.active && state.index < state.list.length - 1;
}

export function priorityReducer(state: PriorityState, event: PriorityEvent): PriorityState {
  switch (event.type) {
    case 'start':
      return event.list.length === 0
        ? state
        : { ...initialPriorityState, active: true, list: event.list };
    case 'next':
      return hasNextPriorityPatient(state)
        ? { ...state, index: state.index + 1, modal: null, panelOpen: false }
        : state;
    case 'select':
      return state.active && event.index >= 0 && event.index < state.list.length
        ? { ...state, index: event.index, modal: null, panelOpen: false }
        : state;
    case 'exit':
      return initialPriorityState;
    case 'open-panel':
      return state.active ? { ...state, panelOpen: true } : state;
    case 'close-panel':
      return { ...state, panelOpen: false };
    case 'ask-exit':
      return state.active ? { ...state, modal: 'exit', paused: true } : state;
    case 'cancel-exit':
      return state.modal === 'exit' ? { ...state, modal: null, paused: false } : state;
    case 'reached': {
      const current = currentPriorityPatient(state);
      if (!current || current.id !== event.patientId || state.asked.includes(current.id)) {
        return state;
      }
      // Never over the exit question: the runtime asks again once that one is answered.
      if (state.modal !== null) {
        return state;
      }
      return { ...state, modal: 'reached', asked: [...state.asked, current.id] };
    }
    case 'stay':
      return state.modal === 'reached' ? { ...state, modal: null } : state;
  }
}

export const priorityStore = createStore<PriorityState>(() => initialPriorityState);

export function dispatchPriority(event: PriorityEvent): void {
  priorityStore.setState((state) => priorityReducer(state, event), true);
}

export function usePriorityState<T>(select: (state: PriorityState) => T): T {
  return useStore(priorityStore, select);
}
