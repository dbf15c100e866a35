import { describe, expect, it } from 'vitest';
import { priorityPatientFixture } from '../../../test/monitoring-fixtures';
import {
  currentPriorityPatient,
  hasNextPriorityPatient,
  initialPriorityState,
  priorityReducer,
  type PriorityEvent,
  type PriorityState,
} from './priority-machine';

const list = [priorityPatientFixture(1), priorityPatientFixture(2), priorityPatientFixture(3)];
const run = (events: PriorityEvent[], from: PriorityState = initialPriorityState) =>
  events.reduce(priorityReducer, from);

describe('priority monitoring (spec §4)', () => {
  it('starts on the first patient of a non-empty list', () => {
    const started = run([{ type: 'start', list }]);
    expect(started).toMatchObject({ active: true, index: 0, list });
    expect(currentPriorityPatient(started)?.id).toBe(1);
    expect(run([{ type: 'start', list: [] }])).toBe(initialPriorityState);
  });

  it('advances only while below the last patient', () => {
    const atLast = run([{ type: 'start', list }, { type: 'next' }, { type: 'next' }]);
    expect(atLast.index).toBe(2);
    expect(hasNextPriorityPatient(atLast)).toBe(false);
    expect(priorityReducer(atLast, { type: 'next' })).toBe(atLast);
  });

  it('picks a listed patient from the panel and closes it; an index off the list is ignored', () => {
    const open = run([{ type: 'start', list }, { type: 'open-panel' }]);
    expect(open.panelOpen).toBe(true);
    expect(priorityReducer(open, { type: 'select', index: 2 })).toMatchObject({
      index: 2,
      panelOpen: false,
    });
    expect(priorityReducer(open, { type: 'select', index: 3 })).toBe(open);
  });

  it('opens the panel only in priority mode', () => {
    expect(priorityReducer(initialPriorityState, { type: 'open-panel' }).panelOpen).toBe(false);
  });

  it('pauses for the exit question; cancelling resumes, exiting ends and clears the list', () => {
    const asking = run([{ type: 'start', list }, { type: 'next' }, { type: 'ask-exit' }]);
    expect(asking).toMatchObject({ modal: 'exit', paused: true, index: 1 });
    expect(priorityReducer(asking, { type: 'cancel-exit' })).toMatchObject({
      modal: null,
      paused: false,
      index: 1,
      active: true,
    });
    expect(priorityReducer(asking, { type: 'exit' })).toEqual(initialPriorityState);
  });

  it('asks once when the current patient’s minutes are reached, never over the exit question', () => {
    const started = run([{ type: 'start', list }]);
    expect(priorityReducer(started, { type: 'reached', patientId: 2 })).toBe(started);
    const asked = priorityReducer(started, { type: 'reached', patientId: 1 });
    expect(asked.modal).toBe('reached');
    const stayed = priorityReducer(asked, { type: 'stay' });
    expect(stayed.modal).toBeNull();
    expect(priorityReducer(stayed, { type: 'reached', patientId: 1 })).toBe(stayed);

    const exiting = priorityReducer(started, { type: 'ask-exit' });
    expect(priorityReducer(exiting, { type: 'reached', patientId: 1 })).toBe(exiting);
    const back = priorityReducer(exiting, { type: 'cancel-exit' });
    expect(priorityReducer(back, { type: 'reached', patientId: 1 }).modal).toBe('reached');
  });

  it('goes on to the next patient from the minutes question', () => {
    const asked = run([
      { type: 'start', list },
      { type: 'reached', patientId: 1 },
    ]);
    expect(priorityReducer(asked, { type: 'next' })).toMatchObject({ index: 1, modal: null });
  });
});
