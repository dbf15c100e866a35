import { MessageCircle } from 'lucide-react';
import { isApiError } from '../../lib/api-client';
import { viewerTimeZone } from '../../lib/viewer-time-zone';
import { useChatLive } from '../../shared/chat/use-chat-live';
import { ChatThread } from '../../shared/chat/chat-thread';
import { EmptyState } from '../../ui/empty-state';
import { PanelError, PanelLoading } from '../../ui/panel-states';
import { useMyChatSession } from '../api/chat';
import { useMe } from '../api/session';

/**
 * "Chat with your clinic" (GET /app-api/chat): the patient's one conversation, live while open.
 * Messages written offline wait and go when the connection returns, as in the staff app.
 */
export function ChatScreen({ meId }: { meId: number }) {
  useChatLive(meId);
  const session = useMyChatSession();
  // The clinic's clock, as every time in both apps: the day of a message is the day the
  // program counts. A phone in another zone sees the zone named beside each time.
  const timeZone = useMe().data?.clinic_time_zone ?? viewerTimeZone();
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold text-ink">Chat with your clinic</h1>
        <p className="text-lg text-ink-muted">
          Your therapist answers here. For anything urgent, call your clinic.
        </p>
      </div>
      <section
        aria-label="Conversation"
        className="flex h-[calc(100dvh-14rem)] min-h-96 flex-col overflow-hidden rounded-card bg-surface shadow-card"
      >
        {session.isPending ? (
          <PanelLoading label="Loading your messages" />
        ) : session.isError ? (
          isApiError(session.error) && session.error.status === 404 ? (
            <EmptyState
              icon={MessageCircle}
              title="No clinic to chat with"
              description="This account is not linked to a patient record at your clinic. Please call your clinic."
            />
          ) : (
            <div className="p-4">
              <PanelError
                error={session.error}
                onRetry={() => void session.refetch()}
                retrying={session.isFetching}
              />
            </div>
          )
        ) : (
          <ChatThread sessionId={session.data.id} meId={meId} timeZone={timeZone} large />
        )}
      </section>
    </>
  );
}
