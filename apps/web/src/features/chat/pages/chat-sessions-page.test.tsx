import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MARIA,
  messageFixture,
  sessionFixture,
  supportSessionFixture,
} from '../../../test/chat-fixtures';
import { fakeRealtime } from '../../../test/fake-realtime';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';
import { realtimeStore } from '../../../shared/chat/realtime';

function chatApi(routes: Record<string, MockHandler | MockReply>) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /chat/unread': { body: { unread_message_count: 0 } },
    'GET /chat/support': { body: supportSessionFixture() },
    ...routes,
  });
}

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat_sessions', () => {
  it('lists conversations with their last message, unread count and recency, and the support line', async () => {
    chatApi({
      'GET /chat/therapist': {
        body: {
          results: [
            sessionFixture({
              id: 5,
              unread_message_count: 2,
              last_message: messageFixture({ sender: MARIA, message: 'Is it ok\nif I skip?' }),
            }),
            sessionFixture({
              id: 6,
              patient: { id: 13, first_name: 'Ana', last_name: 'Silva' },
              recency: 'CHAT_OUTDATED',
              last_activity_at: '2026-10-01T09:00:00.000Z',
            }),
          ],
          count: 2,
        },
      },
    });
    renderApp('/chat');

    const maria = await screen.findByRole('link', { name: /Maria Alvarez/ });
    expect(maria).toHaveAttribute('href', '/chat/5/messages');
    expect(maria).toHaveTextContent('Maria: Is it ok if I skip?');
    expect(within(maria).getByText('2 unread messages')).toBeInTheDocument();

    const older = screen.getByRole('heading', { name: 'No message for over a week' });
    const ana = screen.getByRole('link', { name: /Ana Silva/ });
    expect(older.compareDocumentPosition(ana) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(ana).toHaveTextContent('No messages yet');

    const support = screen.getByRole('link', { name: /Homestretch support/ });
    expect(support).toHaveAttribute('href', '/chat/9/messages');
  });

  it('says when there is no conversation yet, and shows no support line where the clinic names none', async () => {
    chatApi({
      'GET /chat/therapist': { body: { results: [], count: 0 } },
      'GET /chat/support': { status: 404, body: errorBody('not_found', 'No support contact') },
    });
    renderApp('/chat');
    expect(
      await screen.findByRole('heading', { name: 'No conversations yet' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Homestretch support/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failure in words, and loads again on retry', async () => {
    let fail = true;
    chatApi({
      'GET /chat/therapist': () =>
        fail
          ? { status: 500, body: errorBody('internal', 'Something went wrong on our side.') }
          : { body: { results: [sessionFixture()], count: 1 } },
    });
    const user = userEvent.setup();
    renderApp('/chat');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Maria Alvarez/ })).toBeInTheDocument();
  });

  it('searches by name once typing pauses, from the first page', async () => {
    const api = chatApi({
      'GET /chat/therapist': ({ url }) =>
        url.searchParams.get('search') === 'ana'
          ? { body: { results: [], count: 0 } }
          : { body: { results: [sessionFixture()], count: 1 } },
    });
    const user = userEvent.setup();
    renderApp('/chat');
    await screen.findByRole('link', { name: /Maria Alvarez/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'ana');
    expect(
      await screen.findByRole('heading', { name: 'No conversation matches' }),
    ).toBeInTheDocument();
    const searches = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/chat/therapist')
      .map((url) => url.search);
    expect(searches).toEqual(['?page=1', '?page=1&search=ana']);
  });

  it('updates the unread counts in the list and the menu when a message arrives', async () => {
    let unread = 0;
    chatApi({
      'GET /chat/unread': () => ({ body: { unread_message_count: unread } }),
      'GET /chat/therapist': () => ({
        body: { results: [sessionFixture({ unread_message_count: unread })], count: 1 },
      }),
    });
    renderApp('/chat');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await screen.findByRole('link', { name: /Maria Alvarez/ });
    await waitFor(() => expect(realtimeStore.getState().status).toBe('connected'));
    expect(within(nav).getByRole('link', { name: 'Chat' })).toBeInTheDocument();

    unread = 3;
    fakeRealtime.newMessage(messageFixture({ id: 77 }));
    expect(
      await within(nav).findByRole('link', { name: /^Chat\s*, 3 unread messages$/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /Maria Alvarez/ })).getByText('3 unread messages'),
    ).toBeInTheDocument();
  });
});
