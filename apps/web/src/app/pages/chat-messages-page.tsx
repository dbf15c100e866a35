import { ArrowLeft, MessageCircle } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useIsMobile } from '../../lib/device';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/empty-state';
import { useClinicTimeZone, useCurrentUser } from '../../features/auth/api/current-user';
import { useMonitorPatient } from '../../features/monitoring/components/use-monitor-patient';
import { mayMonitor } from '../../features/monitoring/components/monitoring-rules';
import { useMobileChatIdle } from '../../features/monitoring/components/use-mobile-chat-idle';
import { setChatDraft, useChatDraft } from '../../shared/chat/chat-drafts';
import { useChatThread } from '../../shared/chat/get-chat-thread';
import { ChatThread } from '../../shared/chat/chat-thread';
import { chatMonitoringContext } from '../../features/chat/components/chat-monitoring';
import { conversationTitle } from '../../features/chat/components/session-rules';

function parseSessionId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** chat_messages (/chat/:id/messages): one conversation, full height on a phone. */
export function ChatMessagesPage() {
  const sessionId = parseSessionId(useParams().id);
  const user = useCurrentUser().data;
  const meId = user?.id ?? null;
  if (sessionId === null || meId === null) {
    return (
      <div className="mx-auto max-w-lg">
        <h1 className="sr-only">Messages</h1>
        <EmptyState icon={MessageCircle} title="Conversation not found" action={backLink} />
      </div>
    );
  }
  return (
    <Conversation
      key={sessionId}
      sessionId={sessionId}
      meId={meId}
      monitors={user !== undefined && mayMonitor(user)}
    />
  );
}

const backLink = <BackLink />;

function BackLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to={paths.chatSessions()}
      className="inline-flex min-h-10 min-w-10 shrink-0 items-center justify-center gap-1 rounded-control px-2 text-sm font-medium text-brand-700 hover:bg-canvas"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      <span className={cx(compact && 'sr-only')}>All conversations</span>
    </Link>
  );
}

function Conversation({
  sessionId,
  meId,
  monitors,
}: {
  sessionId: number;
  meId: number;
  /** This user's time on a patient is monitored: the floating banner shows over the top. */
  monitors: boolean;
}) {
  const phone = useIsMobile();
  const timeZone = useClinicTimeZone();
  const navigate = useNavigate();
  const session = useChatThread(sessionId).data?.session;
  const title = session ? conversationTitle(session, meId) : 'Messages';
  const context = chatMonitoringContext(phone);
  // The monitoring banner floats at the top centre: the header starts below it.
  const underBanner = monitors && session?.kind === 'patient';

  // spec §4: chatting with a patient is time on them; a support conversation is not.
  useMonitorPatient(session?.kind === 'patient' ? session.patient : null, context);
  // spec §2: idle in mobile chat closes the chat, which on a phone is this screen.
  useMobileChatIdle(context === 'mobile_chat', () => void navigate(paths.chatSessions()));

  const header = (
    <header
      className={cx(
        'flex items-center gap-2 border-b border-line px-2 py-2 md:px-4',
        underBanner && phone && 'pt-12',
      )}
    >
      <BackLink compact={phone} />
      <h1 className="min-w-0 truncate text-lg font-semibold text-ink">{title}</h1>
      {session?.kind === 'patient' && session.patient && (
        <Link
          to={paths.patientDashboard(session.patient.id)}
          className="ml-auto shrink-0 rounded-control px-2 py-2 text-sm font-medium text-brand-700 underline hover:bg-canvas"
        >
          Patient dashboard
        </Link>
      )}
    </header>
  );

  // The draft waits while the user looks at another conversation (until sent or sign-out).
  const draft = useChatDraft(sessionId);
  const thread = (
    <ChatThread
      sessionId={sessionId}
      meId={meId}
      timeZone={timeZone}
      draft={draft}
      onDraftChange={(next) => setChatDraft(sessionId, next)}
    />
  );

  if (phone) {
    // Full height between the header and the bottom menu, the composer just above the menu.
    return (
      <div className="fixed inset-x-0 top-16 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 flex flex-col bg-surface">
        {header}
        {thread}
      </div>
    );
  }
  return (
    <div
      className={cx(
        'mx-auto flex max-w-3xl flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card',
        underBanner ? 'mt-8 h-[calc(100dvh-9rem)]' : 'h-[calc(100dvh-7rem)]',
      )}
    >
      {header}
      {thread}
    </div>
  );
}
