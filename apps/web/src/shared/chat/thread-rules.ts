import type { ChatMessage, ChatPerson } from '@homestretch/contract/chat/chat-session';
import type { ChatMessagePage } from '@homestretch/contract/chat/list-messages';
import type { OutboxEntry, OutboxStatus } from './outbox-machine';
import { formatClinicTime } from '../../lib/clinic-time';

/** A conversation as this tab knows it: every message it has seen, once each, oldest first. */
export interface ThreadData {
  messages: readonly ChatMessage[];
  /** Older messages exist before the first one here ("Load earlier"). */
  hasMore: boolean;
  /** The last message the other side read: mine up to it show as read. */
  readUpTo: number | null;
  /**
   * How far the server has my own read mark, as this tab knows: the newest message a GET
   * answered (the server marks what it answers) or a read call reached.
   */
  readByMe: number | null;
  session: ChatMessagePage['session'];
}

/**
 * The messages of both lists, each id once, in id order (the server's order of storing). A
 * message heard live and fetched again after a reconnect is the same message (spec §7).
 */
export function mergeMessages(
  existing: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...existing, ...incoming]) {
    byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A read mark only moves forward: a late answer never takes one back. */
export function laterReadMark(a: number | null, b: number | null): number | null {
  if (a === null) {
    return b;
  }
  return b === null ? a : Math.max(a, b);
}

/**
 * The first page of a conversation (its newest messages). `marked`: the server marked it read
 * (a page fetched by a hidden tab is not, and its read call comes once the tab is shown).
 */
export function threadFromPage(page: ChatMessagePage, marked = true): ThreadData {
  return {
    messages: page.results,
    hasMore: page.has_more,
    readUpTo: page.read_up_to,
    readByMe: marked ? (page.results.at(-1)?.id ?? null) : null,
    session: page.session,
  };
}

/** A page fetched after the last message (what was missed): older history stays as it was. */
export function withNewerPage(
  thread: ThreadData,
  page: ChatMessagePage,
  marked = true,
): ThreadData {
  return {
    messages: mergeMessages(thread.messages, page.results),
    hasMore: thread.hasMore,
    readUpTo: laterReadMark(thread.readUpTo, page.read_up_to),
    readByMe: marked
      ? laterReadMark(thread.readByMe, page.results.at(-1)?.id ?? null)
      : thread.readByMe,
    session: page.session,
  };
}

/** A page fetched before the first message ("Load earlier"). */
export function withEarlierPage(thread: ThreadData, page: ChatMessagePage): ThreadData {
  return { ...withNewerPage(thread, page), hasMore: page.has_more };
}

export function withMessage(thread: ThreadData, message: ChatMessage): ThreadData {
  return { ...thread, messages: mergeMessages(thread.messages, [message]) };
}

/** How one of my messages stands; others' messages have none. */
export type DeliveryStatus = OutboxStatus | 'sent' | 'read';

/** spec §3: my stored messages up to the other side's read mark are read; the rest are sent. */
export function storedStatus(messageId: number, readUpTo: number | null): 'sent' | 'read' {
  return readUpTo !== null && messageId <= readUpTo ? 'read' : 'sent';
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD (sortable, comparable). */
export function dayKey(iso: string, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

function previousDay(key: string): string {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** "Today", "Yesterday", else the date as the app writes dates (spec §9: MMM D, YYYY). */
export function dayLabel(key: string, todayKey: string): string {
  if (key === todayKey) {
    return 'Today';
  }
  if (key === previousDay(todayKey)) {
    return 'Yesterday';
  }
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${key}T12:00:00Z`));
}

export type ThreadItem =
  | { type: 'day'; key: string; label: string }
  | {
      type: 'message';
      key: string;
      text: string;
      sender: Pick<ChatPerson, 'first_name' | 'last_name'> | null;
      mine: boolean;
      /** The sender's name is shown: the first of a run of messages by someone else. */
      showSender: boolean;
      time: string;
      status: DeliveryStatus | null;
      /** An outbox entry's client_id (retry), null once stored. */
      clientId: string | null;
      error: string | null;
    };

/**
 * What a thread shows, in order: the stored messages, then those still in the outbox (a message
 * stored meanwhile shows once, as stored), with a day line wherever the day changes.
 */
export function threadItems(options: {
  messages: readonly ChatMessage[];
  pending: readonly OutboxEntry[];
  meId: number;
  readUpTo: number | null;
  timeZone: string;
  now: Date;
}): ThreadItem[] {
  const { messages, pending, meId, readUpTo, timeZone, now } = options;
  const storedClientIds = new Set(messages.map((message) => message.client_id));
  const todayKey = dayKey(now.toISOString(), timeZone);
  const items: ThreadItem[] = [];
  let lastDay: string | null = null;
  let lastSenderId: number | null = null;

  const dayLine = (iso: string) => {
    const key = dayKey(iso, timeZone);
    if (key !== lastDay) {
      items.push({ type: 'day', key: `day-${key}`, label: dayLabel(key, todayKey) });
      lastDay = key;
      lastSenderId = null;
    }
  };

  for (const message of messages) {
    dayLine(message.created_at);
    const mine = message.sender.id === meId;
    items.push({
      type: 'message',
      key: message.client_id ?? `id-${message.id}`,
      text: message.message,
      sender: message.sender,
      mine,
      showSender: !mine && message.sender.id !== lastSenderId,
      time: formatClinicTime(message.created_at, timeZone),
      status: mine ? storedStatus(message.id, readUpTo) : null,
      clientId: null,
      error: null,
    });
    lastSenderId = message.sender.id;
  }
  for (const entry of pending) {
    if (storedClientIds.has(entry.clientId)) {
      continue;
    }
    dayLine(entry.createdAt);
    items.push({
      type: 'message',
      key: entry.clientId,
      text: entry.text,
      sender: null,
      mine: true,
      showSender: false,
      time: formatClinicTime(entry.createdAt, timeZone),
      status: entry.status,
      clientId: entry.clientId,
      error: entry.error,
    });
  }
  return items;
}

/** The newest message from the other side, which reading the thread marks read. */
export function lastFromOthers(messages: readonly ChatMessage[], meId: number): number | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && message.sender.id !== meId) {
      return message.id;
    }
  }
  return null;
}

/**
 * The message a read call must mark, if any: the newest from the other side, unless a GET
 * answered it (the server marked it then) or a read call already reached it. Only messages that
 * arrived live after the last fetch need the call.
 */
export function messageToMarkRead(thread: ThreadData, meId: number): number | null {
  const latest = lastFromOthers(thread.messages, meId);
  return latest !== null && (thread.readByMe === null || latest > thread.readByMe) ? latest : null;
}

/** A read call's answer: my mark is where the server put it. */
export function withMarkedRead(thread: ThreadData, lastRead: number | null): ThreadData {
  return { ...thread, readByMe: laterReadMark(thread.readByMe, lastRead) };
}
