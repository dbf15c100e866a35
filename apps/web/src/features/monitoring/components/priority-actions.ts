import type { PriorityPatient } from '@homestretch/contract/monitoring/priority-list';
import type { NavigateFunction } from 'react-router';
import { paths } from '../../../config/paths';
import { recordPriorityClick } from '../api/record-priority-click';
import {
  currentPriorityPatient,
  dispatchPriority,
  priorityStore,
  type PriorityEvent,
  type PriorityModalChoice,
} from '../stores/priority-machine';

/*
 * What the priority buttons do: the transition, the patient's dashboard when the current patient
 * changes, and the analytics row of spec §7 for each choice.
 */

function goToCurrent(navigate: NavigateFunction): void {
  const current = currentPriorityPatient(priorityStore.getState());
  if (current) {
    void navigate(paths.patientDashboard(current.id));
  }
}

/** Starts priority mode on `list` (most at risk first) at its first patient. */
export function startPriorityMonitoring(list: PriorityPatient[], navigate: NavigateFunction): void {
  recordPriorityClick('start_monitoring');
  dispatchPriority({ type: 'start', list });
  goToCurrent(navigate);
}

/** Starts monitoring the list's patient at `index`, from the panel. */
export function monitorPriorityPatient(index: number, navigate: NavigateFunction): void {
  recordPriorityClick('start_monitoring');
  dispatchPriority({ type: 'select', index });
  goToCurrent(navigate);
}

const CHOICE_EVENTS: Record<Exclude<PriorityModalChoice, 'start_monitoring'>, PriorityEvent> = {
  stay_here: { type: 'stay' },
  next_patient: { type: 'next' },
  close_end: { type: 'exit' },
  exit_mode: { type: 'exit' },
  cancel_exit: { type: 'cancel-exit' },
};

/** A choice of the panel or the modal (spec §3 priority-monitoring modal choices). */
export function choosePriority(
  choice: Exclude<PriorityModalChoice, 'start_monitoring'>,
  navigate: NavigateFunction,
): void {
  recordPriorityClick(choice);
  dispatchPriority(CHOICE_EVENTS[choice]);
  if (choice === 'next_patient') {
    goToCurrent(navigate);
  }
}
