import { givesCare } from '@homestretch/contract/auth/permissions';
import type { Role } from '@homestretch/contract/common/enums';
import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Button } from '../../../ui/button';
import { dispatchChatModal, useChatModal } from '../stores/chat-modal-store';
import type { ChatModalPatient } from '../stores/chat-modal-machine';
import { chatMonitoringContext } from './chat-monitoring';

// The thread, its composer and the real-time code load when the modal first opens: the
// dashboard's own download stays within its budget (scripts/check-web-budgets.mjs).
const PatientChatModal = lazy(async () => ({
  default: (await import('./patient-chat-modal')).PatientChatModal,
}));

/**
 * Who may message a patient (the server's rule for POST /chat/session): their treating
 * therapists and the clinic's admin.
 */
export function mayMessagePatient(
  user: { id: number; role: Role },
  patient: { therapists: ReadonlyArray<{ id: number }> },
): boolean {
  return givesCare(
    user.role,
    patient.therapists.some((therapist) => therapist.id === user.id),
  );
}

/** "Message": opens the conversation with the patient in a modal over their dashboard. */
export function MessagePatientButton({ patient }: { patient: ChatModalPatient }) {
  const open = useChatModal((state) => state.patient?.id === patient.id);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          dispatchChatModal({
            type: 'open',
            patient: {
              id: patient.id,
              first_name: patient.first_name,
              last_name: patient.last_name,
            },
          })
        }
      >
        <MessageSquare aria-hidden="true" className="size-4" />
        Message
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PatientChatModal />
        </Suspense>
      )}
    </>
  );
}

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Where the dashboard's monitoring stands while its chat modal is in play (spec §4): the modal
 * open is chat time (desktop or mobile chat), closed it is the dashboard again. After an idle
 * close the patient is held (null) until the user does something.
 */
export function usePatientChatMonitoring(
  patientId: number,
  phone: boolean,
): { context: 'patient_dashboard' | 'desktop_chat' | 'mobile_chat'; held: boolean } {
  const chatOpen = useChatModal((state) => state.patient?.id === patientId);
  const held = useChatModal((state) => state.closedIdle);

  useEffect(() => {
    if (!held) {
      return undefined;
    }
    const wake = () => dispatchChatModal({ type: 'active' });
    for (const type of ACTIVITY) {
      window.addEventListener(type, wake, { once: true, capture: true });
    }
    return () => {
      for (const type of ACTIVITY) {
        window.removeEventListener(type, wake, { capture: true });
      }
    };
  }, [held]);

  // Leaving the dashboard closes its modal: a draft never outlives the page it was written on.
  useEffect(() => () => dispatchChatModal({ type: 'close', idle: false }), []);

  return { context: chatOpen ? chatMonitoringContext(phone) : 'patient_dashboard', held };
}
