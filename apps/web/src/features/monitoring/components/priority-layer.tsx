import type { PriorityPatient } from '@homestretch/contract/monitoring/priority-list';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, PhoneOff } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Modal } from '../../../ui/modal';
import { ModalActions } from '../../../ui/modal-actions';
import { priorityListQueryOptions } from '../api/get-priority-list';
import { NO_DATA_YET } from './data-days';
import {
  currentPriorityPatient,
  dispatchPriority,
  hasNextPriorityPatient,
  usePriorityState,
  type PriorityState,
} from '../stores/priority-machine';
import { choosePriority, monitorPriorityPatient } from './priority-actions';

/*
 * Priority mode's panel (a side sheet with the list, the next patient and the way out) and its
 * two questions: the current patient's minutes are reached, and leaving the mode. Loaded only in
 * priority mode (monitoring-runtime.tsx).
 */

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function PatientFacts({ patient }: { patient: PriorityPatient }) {
  return (
    <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm text-ink-muted">
      <div>
        <dt className="sr-only">This month</dt>
        <dd>{plural(patient.minutes, 'min')} this month</dd>
      </div>
      <div>
        <dt className="sr-only">Still needed</dt>
        <dd className="font-medium text-ink">{plural(patient.remainingMinutes, 'min')} to go</dd>
      </div>
      <div>
        <dt className="sr-only">Days left in the month</dt>
        <dd>{plural(patient.days_left_in_month, 'day')} left</dd>
      </div>
      <div>
        <dt className="sr-only">Days with data</dt>
        <dd>
          {patient.interval ? `${plural(patient.interval.data_days, 'data day')}` : NO_DATA_YET}
        </dd>
      </div>
      <div className="col-span-2">
        <dt className="sr-only">Live call this month</dt>
        <dd className="flex items-center gap-1.5">
          {patient.has_interactive_call ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-4 text-success-700" />
              Call done
            </>
          ) : (
            <>
              <PhoneOff aria-hidden="true" className="size-4 text-warning-700" />
              No call yet this month
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

function PriorityPanel({ state }: { state: PriorityState }) {
  const navigate = useNavigate();
  // The list as it was at the start keeps its order (the index points into it); the figures are
  // refreshed while the panel is open, as minutes were spent since.
  const fresh = useQuery({ ...priorityListQueryOptions(), enabled: state.panelOpen });
  const latest = new Map(fresh.data?.results.map((patient) => [patient.id, patient]));
  const close = () => dispatchPriority({ type: 'close-panel' });

  return (
    <Modal show={state.panelOpen} placement="side" title="Priority monitoring" onClose={close}>
      <p className="text-sm text-ink-muted">
        Patients who still need monitoring minutes this month, most at risk first: nothing billable
        yet (under 10 minutes or no live call), then short of 20 minutes, then add-ons; in each, the
        most minutes needed per day left first.
      </p>
      {fresh.isError && (
        <p className="mt-2 text-sm text-warning-700">
          Could not refresh the figures; they are as of when priority monitoring began.
        </p>
      )}
      <ol className="mt-4 flex flex-col gap-2">
        {state.list.map((listed, index) => {
          const patient = latest.get(listed.id) ?? listed;
          const isCurrent = index === state.index;
          return (
            <li
              key={patient.id}
              aria-current={isCurrent ? 'true' : undefined}
              className={cx(
                'rounded-card border p-3',
                isCurrent ? 'border-warning-400 bg-warning-50' : 'border-line',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    {patient.first_name} {patient.last_name}
                    {isCurrent && <span className="ml-2 text-sm text-warning-700">Now</span>}
                  </p>
                  <PatientFacts patient={patient} />
                </div>
                {!isCurrent && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => monitorPriorityPatient(index, navigate)}
                    aria-label={`Start monitoring ${patient.first_name} ${patient.last_name}`}
                  >
                    Start
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-4">
        <ModalActions divided>
          <Button variant="secondary" onClick={() => dispatchPriority({ type: 'ask-exit' })}>
            Exit priority mode
          </Button>
          <Button
            disabled={!hasNextPriorityPatient(state)}
            onClick={() => choosePriority('next_patient', navigate)}
          >
            Next patient
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}

export function PriorityLayer() {
  const navigate = useNavigate();
  const state = usePriorityState((next) => next);
  const current = currentPriorityPatient(state);
  const name = current ? `${current.first_name} ${current.last_name}` : '';

  return (
    <>
      <PriorityPanel state={state} />
      <Modal
        show={state.modal === 'reached' && current !== null}
        zIndex={120}
        title="Minutes reached"
        onClose={() => choosePriority('stay_here', navigate)}
      >
        <p>
          You have spent the {current?.remainingMinutes} minutes {name} needed this month. Stay with{' '}
          {name}, go on to the next patient, or close and end priority monitoring.
        </p>
        <div className="mt-4">
          <ModalActions>
            <Button variant="secondary" onClick={() => choosePriority('close_end', navigate)}>
              Close and end
            </Button>
            <Button variant="secondary" onClick={() => choosePriority('stay_here', navigate)}>
              Stay here
            </Button>
            {hasNextPriorityPatient(state) && (
              <Button data-autofocus onClick={() => choosePriority('next_patient', navigate)}>
                Next patient
              </Button>
            )}
          </ModalActions>
        </div>
      </Modal>
      <Modal
        show={state.modal === 'exit'}
        zIndex={120}
        title="Leave priority monitoring?"
        onClose={() => choosePriority('cancel_exit', navigate)}
      >
        <p>Monitoring time is paused while you decide.</p>
        <div className="mt-4">
          <ModalActions>
            <Button variant="secondary" onClick={() => choosePriority('cancel_exit', navigate)}>
              Keep going
            </Button>
            <Button data-autofocus onClick={() => choosePriority('exit_mode', navigate)}>
              Exit priority mode
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </>
  );
}
