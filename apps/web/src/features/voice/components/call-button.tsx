import type { Patient } from '@homestretch/contract/patients/patient';
import { Phone, PhoneOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { notify } from '../../../ui/toasts';
import { patientKeys } from '../../../lib/query-keys/patient-keys';
import { useCallStatus } from '../api/get-call-status';
import { useEndCall } from '../api/end-call';
import { useStartCall } from '../api/start-call';
import { isLiveCall } from '@homestretch/contract/voice/call-status';
import { callStatusWords } from './call-words';

/**
 * Phones the patient from the record: the status follows the call live (polled every second),
 * with a Hang up button while it lasts. A reached patient's call is logged by the server with its
 * duration (the month's RTM live call), so the interaction log is refetched once it ends.
 */
export function CallButton({
  patient,
}: {
  patient: Pick<Patient, 'id' | 'first_name' | 'last_name' | 'phone'>;
}) {
  const queryClient = useQueryClient();
  const [callId, setCallId] = useState<number | null>(null);
  const start = useStartCall();
  const end = useEndCall();
  const status = useCallStatus(callId);
  const call = status.data;
  const live = call ? isLiveCall(call.status) : false;
  const ended = call !== undefined && !live;

  useEffect(() => {
    if (ended) {
      void queryClient.invalidateQueries({ queryKey: patientKeys.interactionLists(patient.id) });
    }
  }, [ended, patient.id, queryClient]);

  const name = `${patient.first_name} ${patient.last_name}`;
  const dial = () =>
    start.mutate(patient.id, {
      onSuccess: (placed) => setCallId(placed.id),
      onError: (error) => notify.error(errorMessage(error)),
    });
  const hangUp = () => {
    if (callId !== null) {
      end.mutate(callId, { onError: (error) => notify.error(errorMessage(error)) });
    }
  };

  if (!patient.phone) {
    return (
      <Button variant="secondary" size="sm" disabled title="No phone number on file">
        <Phone aria-hidden="true" className="size-4" />
        Call
      </Button>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {live ? (
        <Button variant="danger" size="sm" onClick={hangUp} loading={end.isPending}>
          {!end.isPending && <PhoneOff aria-hidden="true" className="size-4" />}
          Hang up
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={dial}
          loading={start.isPending}
          aria-label={`${ended ? 'Call again' : 'Call'} ${name}`}
        >
          {!start.isPending && <Phone aria-hidden="true" className="size-4" />}
          {ended ? 'Call again' : 'Call'}
        </Button>
      )}
      {call && (
        <span
          role="status"
          className={cx(
            'text-sm font-medium tabular-nums',
            live && 'text-brand-800',
            ended && (call.outcome === 'CALL_OK' ? 'text-success-700' : 'text-ink-muted'),
          )}
        >
          {callStatusWords(call, status.dataUpdatedAt)}
          {call.provider === 'simulator' && (
            <span className="ml-1 font-normal text-ink-subtle">(simulated)</span>
          )}
        </span>
      )}
      {status.isError && !call && (
        <span role="alert" className="text-sm text-danger-700">
          {errorMessage(status.error)}
        </span>
      )}
    </div>
  );
}
