import { useQueryClient } from '@tanstack/react-query';
import {
  Check,
  CheckCheck,
  Clock,
  MessageCircle,
  RotateCw,
  TriangleAlert,
  CloudOff,
} from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { useConnected } from './realtime';
import { useDocumentVisible } from '../../lib/use-document-visible';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/empty-state';
import { PanelError, PanelLoading } from '../../ui/panel-states';
import { Spinner } from '../../ui/spinner';
import { chatKeys } from './chat-keys';
import { useChatThread, useLoadEarlier } from './get-chat-thread';
import { markChatRead } from './mark-chat-read';
import { dispatchOutbox, setOutboxDelivery, useOutbox, writeMessage } from './outbox-store';
import { MessageComposer } from './message-composer';
import {
  messageToMarkRead,
  threadItems,
  withMarkedRead,
  withMessage,
  type DeliveryStatus,
  type ThreadData,
  type ThreadItem,
} from './thread-rules';

export interface ChatThreadProps {
  sessionId: number;
  meId: number;
  /** The clinic's, for days and times. */
  timeZone: string;
  /** The patient app's larger type. */
  large?: boolean;
  /**
   * A draft kept by the caller (the chat modal clears it on close; the chat page keeps one per
   * conversation); otherwise the thread's own.
   */
  draft?: string;
  onDraftChange?: (draft: string) => void;
}

const STATUS_TEXT: Record<DeliveryStatus, string> = {
  sending: 'Sending…',
  waiting: 'Waiting for connection',
  failed: 'Not sent',
  sent: 'Sent',
  read: 'Read',
};

/**
 * One conversation: its messages with day lines and read marks, "Load earlier" history, and the
 * composer. Messages written here go through the outbox, so they show at once and wait for a
 * lost connection. Message text is shown as text, with its line breaks.
 */
export function ChatThread({
  sessionId,
  meId,
  timeZone,
  large = false,
  draft,
  onDraftChange,
}: ChatThreadProps) {
  const thread = useChatThread(sessionId);
  const earlier = useLoadEarlier(sessionId);
  const pending = useOutbox(sessionId);
  const connected = useConnected();
  const queryClient = useQueryClient();
  const [ownDraft, setOwnDraft] = useState('');
  const text = draft ?? ownDraft;
  const setText = onDraftChange ?? setOwnDraft;

  // A stored message joins its thread at once (the socket's copy may come later, or never).
  useEffect(
    () =>
      setOutboxDelivery((message) => {
        queryClient.setQueryData<ThreadData>(
          chatKeys.thread(message.session),
          (data) => data && withMessage(data, message),
        );
        void queryClient.invalidateQueries({ queryKey: chatKeys.sessionLists() });
      }),
    [queryClient],
  );

  const messages = thread.data?.messages;
  const readUpTo = thread.data?.readUpTo ?? null;
  const items = useMemo(
    () =>
      threadItems({
        messages: messages ?? [],
        pending,
        meId,
        readUpTo,
        timeZone,
        now: new Date(),
      }),
    [messages, pending, meId, readUpTo, timeZone],
  );

  // What arrives while the thread is open and shown is read: the mark moves, and the counts
  // follow. A hidden tab reads nothing; shown again, it marks the newest.
  const visible = useDocumentVisible();
  const toMark = thread.data && visible ? messageToMarkRead(thread.data, meId) : null;
  useEffect(() => {
    if (toMark === null) {
      return;
    }
    markChatRead(sessionId, toMark).then(
      (read) => {
        queryClient.setQueryData<ThreadData>(
          chatKeys.thread(sessionId),
          (data) => data && withMarkedRead(data, read.last_read_message_id),
        );
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.sessionLists() });
      },
      // A mark that did not reach the server is made again by the next message or visit.
      () => undefined,
    );
  }, [sessionId, toMark, queryClient]);

  const scrollRef = useStickToBottom(items);
  const rateLimited = [...pending].reverse().find((entry) => entry.rateLimited);

  if (thread.isPending) {
    return <PanelLoading label="Loading the conversation" />;
  }
  if (thread.isError) {
    if (isApiError(thread.error) && thread.error.status === 404) {
      return (
        <EmptyState
          icon={MessageCircle}
          title="Conversation not found"
          description="It does not exist, or it is not one of yours."
        />
      );
    }
    return (
      <div className="p-4">
        <PanelError
          error={thread.error}
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* Focusable (tabIndex), so the history scrolls from the keyboard too. */}
      <div
        ref={scrollRef}
        role="log"
        aria-label="Messages"
        aria-live="polite"
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3 md:px-4"
      >
        <div>
          {thread.data.hasMore && (
            <div className="mb-3 flex justify-center">
              <button
                type="button"
                onClick={() => earlier.mutate()}
                disabled={earlier.isPending}
                className="inline-flex min-h-10 items-center gap-2 rounded-control px-3 text-sm font-medium text-brand-700 hover:bg-canvas disabled:opacity-60"
              >
                {earlier.isPending && <Spinner size="sm" decorative />}
                Load earlier messages
              </button>
            </div>
          )}
          {earlier.isError && (
            <p role="alert" className="mb-3 text-center text-sm text-danger-700">
              Earlier messages could not be loaded. Try again.
            </p>
          )}
          {items.length === 0 ? (
            <p className={cx('py-10 text-center text-ink-muted', large ? 'text-lg' : 'text-sm')}>
              No messages yet. Write the first one below.
            </p>
          ) : (
            <ol className="flex flex-col gap-1">
              {items.map((item) => (
                <ThreadRow
                  key={item.key}
                  item={item}
                  large={large}
                  onRetry={(clientId) => dispatchOutbox({ type: 'retry', clientId, connected })}
                />
              ))}
            </ol>
          )}
        </div>
      </div>
      {!connected && (
        <p
          role="status"
          className="flex items-center gap-2 border-t border-warning-400/60 bg-warning-50 px-3 py-2 text-sm text-warning-700"
        >
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          Waiting for connection. Messages you write go as soon as it returns.
        </p>
      )}
      <MessageComposer
        value={text}
        onChange={setText}
        large={large}
        notice={rateLimited?.error}
        onSend={(message) => {
          writeMessage(sessionId, message, connected);
          setText('');
        }}
      />
    </div>
  );
}

function ThreadRow({
  item,
  large,
  onRetry,
}: {
  item: ThreadItem;
  large: boolean;
  onRetry: (clientId: string) => void;
}) {
  if (item.type === 'day') {
    return (
      <li className="my-2 flex items-center gap-3 text-xs font-medium text-ink-subtle">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <span>{item.label}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </li>
    );
  }
  return (
    <li className={cx('flex flex-col', item.mine ? 'items-end' : 'items-start')}>
      {item.showSender && item.sender && (
        <span className="mt-2 mb-0.5 px-1 text-xs font-semibold text-ink-muted">
          {item.sender.first_name} {item.sender.last_name}
        </span>
      )}
      <div
        className={cx(
          'max-w-[85%] rounded-card px-3 py-2 break-words whitespace-pre-wrap md:max-w-[70%]',
          large ? 'text-lg' : 'text-sm',
          item.mine ? 'bg-brand-700 text-surface' : 'border border-line bg-canvas text-ink',
          item.status === 'failed' && 'bg-danger-50 text-danger-700 ring-1 ring-danger-600/40',
          (item.status === 'sending' || item.status === 'waiting') && 'opacity-75',
        )}
      >
        {item.mine && <span className="sr-only">You: </span>}
        {item.text}
      </div>
      <span className="mb-1 flex items-center gap-1 px-1 text-xs text-ink-subtle">
        {item.time}
        {item.status && <StatusMark status={item.status} />}
      </span>
      {item.status === 'failed' && item.clientId && (
        <span className="mb-2 flex flex-wrap items-center justify-end gap-2 text-xs text-danger-700">
          {item.error}
          <button
            type="button"
            onClick={() => onRetry(item.clientId as string)}
            className="inline-flex min-h-8 items-center gap-1 rounded-control border border-line-strong bg-surface px-2 font-medium text-ink hover:bg-canvas"
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            Retry
          </button>
        </span>
      )}
    </li>
  );
}

function StatusMark({ status }: { status: DeliveryStatus }) {
  const Icon = {
    sending: Clock,
    waiting: CloudOff,
    failed: TriangleAlert,
    sent: Check,
    read: CheckCheck,
  }[status];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-0.5',
        status === 'read' && 'text-brand-700',
        status === 'failed' && 'text-danger-700',
        status === 'waiting' && 'text-warning-700',
      )}
    >
      <span aria-hidden="true">·</span>
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_TEXT[status]}
    </span>
  );
}

/**
 * The list stays at its newest message as messages arrive (when it was there, or when I wrote),
 * and keeps its place when earlier history is put above. It stays there too when the layout
 * changes under it (issue 30, item 8): a phone's keyboard opening shrinks the list, a delivery
 * line or the connection notice moves it, and the newest message was left cut off below.
 */
function useStickToBottom(items: readonly ThreadItem[]) {
  const ref = useRef<HTMLDivElement | null>(null);
  const seen = useRef<{
    first: string | null;
    last: string | null;
    height: number;
    atBottom: boolean;
  }>({ first: null, last: null, height: 0, atBottom: true });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) {
      return;
    }
    const first = items[0]?.key ?? null;
    const lastItem = items.at(-1);
    const last = lastItem?.key ?? null;
    const before = seen.current;
    if (
      before.last === null ||
      (last !== before.last && (before.atBottom || (lastItem?.type === 'message' && lastItem.mine)))
    ) {
      box.scrollTop = box.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      box.scrollTop += box.scrollHeight - before.height;
    }
    seen.current = { first, last, height: box.scrollHeight, atBottom: true };
    const onScroll = () => {
      seen.current.atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
      seen.current.height = box.scrollHeight;
    };
    onScroll();
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, [items]);
  // The list box and its content (its one child): either resizing moves the bottom.
  const pin = useCallback((box: HTMLDivElement | null) => {
    ref.current = box;
    // jsdom has no ResizeObserver, and no layout to follow.
    if (!box || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(() => {
      if (seen.current.atBottom) {
        box.scrollTop = box.scrollHeight;
      }
    });
    observer.observe(box);
    if (box.firstElementChild) {
      observer.observe(box.firstElementChild);
    }
    return () => {
      observer.disconnect();
      ref.current = null;
    };
  }, []);
  return pin;
}
