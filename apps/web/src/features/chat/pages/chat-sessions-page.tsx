import type { ChatSession } from '@homestretch/contract/chat/chat-session';
import { LifeBuoy, MessagesSquare, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorState } from '../../../ui/error-state';
import { PanelLoading } from '../../../ui/panel-states';
import { Pager } from '../../../ui/pager';
import { SearchInput } from '../../../ui/search-input';
import { useClinicTimeZone, useCurrentUser } from '../../auth/api/current-user';
import { useSupportSession } from '../api/get-support-session';
import { useChatSessions } from '../api/list-chat-sessions';
import {
  activityTime,
  conversationSubtitle,
  conversationTitle,
  groupByRecency,
  messagePreview,
  withoutOwnSupport,
} from '../components/session-rules';

/** chat_sessions (/chat): the caller's conversations, and the line to Homestretch support. */
export function ChatSessionsPage() {
  const meId = useCurrentUser().data?.id ?? null;
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const sessions = useChatSessions(page, search);
  // A new search starts at its first page.
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    setPage(1);
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-ink">Chat</h1>
      {meId !== null && <SupportEntry meId={meId} />}
      <section
        aria-labelledby="conversations-heading"
        className="rounded-card border border-line bg-surface shadow-card"
      >
        <div className="flex flex-col gap-3 border-b border-line p-4 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="conversations-heading" className="text-base font-semibold text-ink">
            Conversations
          </h2>
          <div className="sm:w-72">
            <label htmlFor="chat-search" className="sr-only">
              Search by name
            </label>
            <SearchInput
              id="chat-search"
              placeholder="Search by name"
              value={searchText}
              onChange={setSearchText}
            />
          </div>
        </div>
        {sessions.isPending ? (
          <PanelLoading label="Loading conversations" />
        ) : sessions.isError ? (
          <div className="p-4">
            <ErrorState
              message={errorMessage(sessions.error)}
              onRetry={() => void sessions.refetch()}
              retrying={sessions.isFetching}
            />
          </div>
        ) : sessions.data.results.length === 0 ? (
          search ? (
            <EmptyState
              icon={SearchX}
              title="No conversation matches"
              description={`Nobody named “${search}” among your conversations.`}
            />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              title="No conversations yet"
              description="Open a patient's dashboard and choose Message to start one."
            />
          )
        ) : (
          <div aria-busy={sessions.isPlaceholderData || undefined}>
            {meId !== null &&
              groupByRecency(withoutOwnSupport(sessions.data.results, meId)).map((group, index) => (
                <div key={`${group.recency}-${index}`}>
                  {group.recency === 'CHAT_OUTDATED' && (
                    <h3 className="border-b border-line bg-canvas px-4 py-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                      No message for over a week
                    </h3>
                  )}
                  <ul className="divide-y divide-line">
                    {group.sessions.map((session) => (
                      <li key={session.id}>
                        <SessionRow session={session} meId={meId} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
          </div>
        )}
        {sessions.data && (
          <div className="flex justify-center border-t border-line p-3 empty:hidden">
            <Pager page={page} count={sessions.data.count} onChange={setPage} />
          </div>
        )}
      </section>
    </div>
  );
}

function SupportEntry({ meId }: { meId: number }) {
  const support = useSupportSession();
  if (support.isPending) {
    return null;
  }
  if (support.isError) {
    const status = isApiError(support.error) ? support.error.status : null;
    // No support contact named, or the caller is the contact: there is no line to show.
    if (status === 404 || status === 422) {
      return null;
    }
    return (
      <p role="alert" className="text-sm text-danger-700">
        Homestretch support could not be loaded: {errorMessage(support.error)}
      </p>
    );
  }
  return (
    <div className="rounded-card border border-line bg-surface shadow-card">
      <SessionRow session={support.data} meId={meId} icon />
    </div>
  );
}

function SessionRow({
  session,
  meId,
  icon = false,
}: {
  session: ChatSession;
  meId: number;
  icon?: boolean;
}) {
  const timeZone = useClinicTimeZone();
  const outdated = session.recency === 'CHAT_OUTDATED';
  const unread = session.unread_message_count;
  const title = conversationTitle(session, meId);
  const subtitle = conversationSubtitle(session, meId);
  return (
    <Link
      to={paths.chatMessages(session.id)}
      className={cx(
        'flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-canvas focus-visible:bg-canvas',
        outdated && 'bg-canvas/60',
      )}
    >
      {icon && (
        <LifeBuoy
          aria-hidden="true"
          className="size-8 shrink-0 rounded-full bg-brand-50 p-1.5 text-brand-700"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <span className={cx('truncate font-semibold', outdated ? 'text-ink-muted' : 'text-ink')}>
            {title}
            {subtitle && (
              <span className="ml-2 text-xs font-normal text-ink-subtle">{subtitle}</span>
            )}
          </span>
          <time dateTime={session.last_activity_at} className="shrink-0 text-xs text-ink-subtle">
            {activityTime(session.last_activity_at, timeZone, new Date())}
          </time>
        </div>
        <div className="flex items-center justify-between gap-2">
          <span
            className={cx(
              'truncate text-sm',
              unread > 0 ? 'font-medium text-ink' : outdated ? 'text-ink-subtle' : 'text-ink-muted',
            )}
          >
            {messagePreview(session, meId)}
          </span>
          {unread > 0 && (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-surface">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">
                {unread === 1 ? '1 unread message' : `${unread} unread messages`}
              </span>
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}
