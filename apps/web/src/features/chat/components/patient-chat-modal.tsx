import { isApiError } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/device';
import { errorMessage } from '../../../lib/error-messages';
import { ErrorState } from '../../../ui/error-state';
import { Modal } from '../../../ui/modal';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { useClinicTimeZone, useCurrentUser } from '../../auth/api/current-user';
import { useMobileChatIdle } from '../../monitoring/components/use-mobile-chat-idle';
import { usePatientChatSession } from '../api/open-chat-session';
import { dispatchChatModal, useChatModal } from '../stores/chat-modal-store';
import { ChatThread } from '../../../shared/chat/chat-thread';

/**
 * The conversation with the dashboard's patient in a modal (POST /chat/session finds or makes
 * it). Its draft lives in the chat modal store, which clears it on close (spec §4).
 */
export function PatientChatModal() {
  const patient = useChatModal((state) => state.patient);
  const draft = useChatModal((state) => state.draft);
  const phone = useIsMobile();
  const close = () => dispatchChatModal({ type: 'close', idle: false });
  // spec §2: idle in mobile chat closes only this modal.
  useMobileChatIdle(phone, () => dispatchChatModal({ type: 'close', idle: true }));

  if (!patient) {
    return null;
  }
  return (
    <Modal
      show
      onClose={close}
      size="lg"
      title={`Messages with ${patient.first_name} ${patient.last_name}`}
    >
      <ModalThread
        patientId={patient.id}
        draft={draft}
        onDraftChange={(next) => dispatchChatModal({ type: 'edit', draft: next })}
      />
    </Modal>
  );
}

function ModalThread({
  patientId,
  draft,
  onDraftChange,
}: {
  patientId: number;
  draft: string;
  onDraftChange: (draft: string) => void;
}) {
  const session = usePatientChatSession(patientId);
  const meId = useCurrentUser().data?.id;
  const timeZone = useClinicTimeZone();
  if (session.isPending || meId === undefined) {
    return <PanelLoading label="Opening the conversation" />;
  }
  if (session.isError) {
    // A refusal answers the same on a retry; only other failures offer one.
    return isApiError(session.error) && session.error.status < 500 && session.error.status > 0 ? (
      <ErrorState message={errorMessage(session.error)} />
    ) : (
      <PanelError
        error={session.error}
        onRetry={() => void session.refetch()}
        retrying={session.isFetching}
      />
    );
  }
  return (
    <div className="-mx-5 -my-4 flex h-[min(36rem,calc(100dvh-9rem))] flex-col">
      <ChatThread
        sessionId={session.data.id}
        meId={meId}
        timeZone={timeZone}
        draft={draft}
        onDraftChange={onDraftChange}
      />
    </div>
  );
}
