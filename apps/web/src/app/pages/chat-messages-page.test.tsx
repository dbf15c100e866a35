import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatDraftsStore } from '../../shared/chat/chat-drafts';
import { forgetUnsentChat } from '../../shared/chat/unsent';
import { initialOutboxState } from '../../shared/chat/outbox-machine';
import { outboxStore } from '../../shared/chat/outbox-store';
import { realtimeStore } from '../../shared/chat/realtime';
import { DANA, MARIA, messageFixture, messagePageFixture } from '../../test/chat-fixtures';
import { fakeRealtime } from '../../test/fake-realtime';
import { settingsFixture, userFixture } from '../../test/fixtures';
import {
  errorBody,
  mockApi,
  type ApiMock,
  type MockHandler,
  type MockReply,
} from '../../test/mock-api';
import { renderApp, resetAuth } from '../../test/render-app';
import { setTabVisibility } from '../../test/visibility';

const THREAD = [
  messageFixture({
    id: 1,
    sender: MARIA,
    message: 'My knee hurts\nafter the stairs',
    created_at: '2026-11-24T14:00:00.000Z',
  }),
  messageFixture({
    id: 2,
    sender: DANA,
    message: 'Ice it tonight',
    created_at: '2026-11-24T14:05:00.000Z',
  }),
  messageFixture({
    id: 3,
    sender: MARIA,
    message: '<b>Thanks</b>',
    created_at: '2026-11-26T09:00:00.000Z',
  }),
];

interface SentBody {
  session: number;
  message: string;
  client_id: string;
}

interface FakeServer {
  stored: ChatMessage[];
  readUpTo: number | null;
  store: (body: SentBody) => ChatMessage;
  api: ApiMock;
}

/** The server's side of one conversation: what it stores and answers. */
function conversationApi(routes: Record<string, MockHandler | MockReply> = {}): FakeServer {
  const stored: ChatMessage[] = [...THREAD];
  const state = { readUpTo: 2 as number | null };
  const store = (body: SentBody): ChatMessage => {
    const existing = stored.find((message) => message.client_id === body.client_id);
    if (existing) {
      return existing;
    }
    const message = messageFixture({
      id: stored.length + 1,
      sender: DANA,
      message: body.message,
      client_id: body.client_id,
      created_at: new Date().toISOString(),
    });
    stored.push(message);
    return message;
  };
  const api = mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /chat/unread': { body: { unread_message_count: 0 } },
    'GET /chat/therapist': { body: { results: [], count: 0 } },
    'GET /chat/message': ({ url }) => {
      const after = Number(url.searchParams.get('after') ?? 0);
      return {
        body: messagePageFixture(
          stored.filter((message) => message.id > after),
          { read_up_to: state.readUpTo },
        ),
      };
    },
    'POST /chat/session/5/read': ({ body }) => ({
      body: {
        session: 5,
        last_read_message_id: (body as { message: number }).message,
        unread_message_count: 0,
      },
    }),
    'POST /chat/message': ({ body }) => ({ status: 201, body: store(body as SentBody) }),
    ...routes,
  });
  return {
    stored,
    get readUpTo() {
      return state.readUpTo;
    },
    set readUpTo(value) {
      state.readUpTo = value;
    },
    store,
    api,
  };
}

async function openThread() {
  const user = userEvent.setup();
  const view = renderApp('/chat/5/messages');
  const log = await screen.findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(realtimeStore.getState().status).toBe('connected'));
  return { user, log, view, box: screen.getByRole('textbox', { name: 'Message' }) };
}

const rowOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

beforeEach(() => {
  resetAuth();
  forgetUnsentChat();
  outboxStore.setState(initialOutboxState, true);
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  setTabVisibility('visible');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat_messages', () => {
  it('shows the thread by day, with senders, my read marks, and text as text', async () => {
    const server = conversationApi();
    const { log } = await openThread();
    expect(screen.getByRole('heading', { level: 1, name: 'Maria Alvarez' })).toBeInTheDocument();
    const items = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toBe('Tuesday, Nov 24, 2026');
    expect(items[1]).toContain('Maria Alvarez');
    expect(screen.getByText(/My knee hurts/).textContent).toBe('My knee hurts\nafter the stairs');
    // Markup in a message is its text, never HTML.
    expect(screen.getByText('<b>Thanks</b>')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    expect(rowOf('Ice it tonight')).toHaveTextContent('Read');
    // The GET marked what it answered read: no read call repeats it.
    expect(server.api.bodiesOf('POST /chat/session/5/read')).toEqual([]);
  });

  it('marks a message that arrives live read while the tab is shown, once', async () => {
    const server = conversationApi();
    const { log } = await openThread();
    const live = messageFixture({ id: 4, sender: MARIA, message: 'Done!' });
    server.stored.push(live);
    fakeRealtime.newMessage(live);
    await within(log).findByText('Done!');
    await waitFor(() =>
      expect(server.api.bodiesOf('POST /chat/session/5/read')).toEqual([{ message: 4 }]),
    );
    // Hidden and shown again: already read, nothing to mark.
    act(() => setTabVisibility('hidden'));
    act(() => setTabVisibility('visible'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.api.bodiesOf('POST /chat/session/5/read')).toEqual([{ message: 4 }]);
  });

  it('marks nothing read while the tab is hidden, and the newest once it is shown', async () => {
    const server = conversationApi();
    const { log } = await openThread();
    act(() => setTabVisibility('hidden'));
    const first = messageFixture({ id: 4, sender: MARIA, message: 'Are you there?' });
    const second = messageFixture({ id: 5, sender: MARIA, message: 'Hello?' });
    server.stored.push(first, second);
    fakeRealtime.newMessage(first);
    fakeRealtime.newMessage(second);
    await within(log).findByText('Hello?');

    // A reconnect in the hidden tab waits to fetch what was missed: that GET would mark it read.
    const gets = () =>
      server.api.fetch.mock.calls.filter(([input]) => String(input).includes('/chat/message?'))
        .length;
    const before = gets();
    fakeRealtime.disconnect();
    fakeRealtime.reconnect();
    await waitFor(() => expect(realtimeStore.getState().status).toBe('connected'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gets()).toBe(before);
    expect(server.api.bodiesOf('POST /chat/session/5/read')).toEqual([]);

    act(() => setTabVisibility('visible'));
    await waitFor(() =>
      expect(server.api.bodiesOf('POST /chat/session/5/read')).toEqual([{ message: 5 }]),
    );
    await waitFor(() => expect(gets()).toBe(before + 1));
  });

  it('shows a message at once as sending, then sent, with its own client_id, once', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const server = conversationApi({
      'POST /chat/message': ({ body }) =>
        new Promise<MockReply>((resolve) => {
          answer = resolve;
          void body;
        }),
    });
    const { user, box } = await openThread();
    await user.type(box, 'See you Monday{Enter}');
    expect(box).toHaveValue('');
    expect(rowOf('See you Monday')).toHaveTextContent('Sending…');

    const [sent] = server.api.bodiesOf('POST /chat/message') as SentBody[];
    expect(sent).toMatchObject({ session: 5, message: 'See you Monday' });
    expect(sent?.client_id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = server.store(sent as SentBody);
    // The socket's copy may come before the answer: still one message.
    fakeRealtime.newMessage(stored);
    answer({ status: 201, body: stored });
    await waitFor(() => expect(rowOf('See you Monday')).toHaveTextContent('Sent'));
    expect(screen.getAllByText('See you Monday')).toHaveLength(1);
  });

  it('marks a refused message failed, and sends it again with the same client_id on Retry', async () => {
    let refuse = true;
    const server: FakeServer = conversationApi({
      'POST /chat/message': ({ body }) =>
        refuse
          ? { status: 422, body: errorBody('rule_violation', 'This conversation is closed') }
          : { status: 201, body: server.store(body as SentBody) },
    });
    const { user, box } = await openThread();
    await user.type(box, 'Hello?{Enter}');
    const row = await waitFor(() => {
      const found = rowOf('Hello?');
      expect(found).toHaveTextContent('Not sent');
      return found;
    });
    expect(row).toHaveTextContent('This conversation is closed');

    refuse = false;
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowOf('Hello?')).toHaveTextContent('Sent'));
    const [first, second] = server.api.bodiesOf('POST /chat/message') as SentBody[];
    expect(second?.client_id).toBe(first?.client_id);
  });

  it('says in the composer when messages go too fast (429)', async () => {
    conversationApi({
      'POST /chat/message': {
        status: 429,
        body: errorBody('rate_limited', 'You are sending messages too fast. Wait a minute.'),
      },
    });
    const { user, box } = await openThread();
    await user.type(box, 'one{Enter}');
    const form = box.closest('form') as HTMLElement;
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You are sending messages too fast. Wait a minute.',
    );
  });

  it('keeps messages waiting while the connection is down, then sends them and fetches what was missed', async () => {
    const server = conversationApi();
    const { user, box } = await openThread();
    fakeRealtime.disconnect();
    expect(
      await screen.findByText(/Waiting for connection. Messages you write go/),
    ).toBeInTheDocument();

    await user.type(box, 'Written in the lift{Enter}');
    expect(rowOf('Written in the lift')).toHaveTextContent('Waiting for connection');
    expect(server.api.bodiesOf('POST /chat/message')).toEqual([]);

    // Meanwhile Maria wrote; the socket was down, so only the catch-up brings it.
    server.stored.push(messageFixture({ id: 4, sender: MARIA, message: 'Are you there?' }));
    fakeRealtime.reconnect();
    await waitFor(() => expect(rowOf('Written in the lift')).toHaveTextContent('Sent'));
    expect(await screen.findByText('Are you there?')).toBeInTheDocument();
    const catchUp = server.api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/chat/message' && url.searchParams.has('after'));
    expect(catchUp[0]?.searchParams.get('after')).toBe('3');
  });

  it('adds a message heard live once, and shows my messages read when the other side reads them', async () => {
    const server = conversationApi();
    server.readUpTo = 1;
    const { log } = await openThread();
    expect(rowOf('Ice it tonight')).toHaveTextContent('Sent');

    const live = messageFixture({ id: 4, sender: MARIA, message: 'Done!' });
    server.stored.push(live);
    fakeRealtime.newMessage(live);
    fakeRealtime.newMessage(live);
    expect(await within(log).findAllByText('Done!')).toHaveLength(1);

    server.readUpTo = 2;
    fakeRealtime.messageRead({ session: 5, user_id: MARIA.id, last_read_message_id: 2 });
    await waitFor(() => expect(rowOf('Ice it tonight')).toHaveTextContent('Read'));
  });

  it('keeps a draft per conversation while the user looks at another, until it is sent', async () => {
    const server = conversationApi();
    const { user, box, view } = await openThread();
    await user.type(box, 'Half a thought');

    await view.router.navigate('/chat/6/messages');
    const other = await screen.findByRole('textbox', { name: 'Message' });
    expect(other).toHaveValue('');
    await user.type(other, 'For the other one');

    await view.router.navigate('/chat/5/messages');
    const again = await screen.findByRole('textbox', { name: 'Message' });
    expect(again).toHaveValue('Half a thought');
    await user.type(again, ' sent{Enter}');
    await waitFor(() =>
      expect(server.api.bodiesOf('POST /chat/message')).toContainEqual(
        expect.objectContaining({ message: 'Half a thought sent' }),
      ),
    );

    await view.router.navigate('/chat/6/messages');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue(
      'For the other one',
    );
    await view.router.navigate('/chat/5/messages');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('forgets every draft at sign-out', async () => {
    let signedOut = false;
    conversationApi({
      'GET /api/v1/users/': () =>
        signedOut
          ? { status: 401, body: errorBody('unauthenticated', 'Please sign in') }
          : { body: { results: [userFixture()], count: 1 } },
      'POST /authentication/logout': () => {
        signedOut = true;
        return { body: { ok: true } };
      },
    });
    const { user, box } = await openThread();
    await user.type(box, 'Not for the next person');
    expect(chatDraftsStore.getState()).toEqual({ 5: 'Not for the next person' });

    await user.click(screen.getByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(chatDraftsStore.getState()).toEqual({});
  });

  it('loads earlier messages above', async () => {
    const older = messageFixture({ id: 1, sender: MARIA, message: 'First ever message' });
    const newer = messageFixture({ id: 60, sender: MARIA, message: 'Latest' });
    conversationApi({
      'GET /chat/message': ({ url }) =>
        url.searchParams.get('before') === '60'
          ? { body: messagePageFixture([older], { has_more: false }) }
          : url.searchParams.has('after')
            ? { body: messagePageFixture([], { has_more: false }) }
            : { body: messagePageFixture([newer], { has_more: true }) },
      'POST /chat/session/5/read': {
        body: { session: 5, last_read_message_id: 60, unread_message_count: 0 },
      },
    });
    const { user } = await openThread();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('First ever message')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    const texts = screen.getAllByText(/First ever message|Latest/).map((node) => node.textContent);
    expect(texts).toEqual(['First ever message', 'Latest']);
  });

  it('says when the conversation is not one of yours', async () => {
    conversationApi({
      'GET /chat/message': { status: 404, body: errorBody('not_found', 'Conversation not found') },
    });
    renderApp('/chat/5/messages');
    expect(
      await screen.findByRole('heading', { name: 'Conversation not found' }),
    ).toBeInTheDocument();
  });
});
