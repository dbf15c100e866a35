import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageFixture, messagePageFixture } from '../../test/chat-fixtures';
import { mockApi } from '../../test/mock-api';
import { fetchThread } from './get-chat-thread';
import { messageToMarkRead, threadFromPage, withMessage } from './thread-rules';

afterEach(() => {
  vi.unstubAllGlobals();
});

const m = (id: number) => messageFixture({ id, message: `m${id}` });

describe('fetching a thread', () => {
  it('asks only for what came after the last message known, page by page, keeping older history', async () => {
    const api = mockApi({
      'GET /chat/message': ({ url }) =>
        url.searchParams.get('after') === '2'
          ? { body: messagePageFixture([m(3), m(4)], { has_more: true, read_up_to: 2 }) }
          : { body: messagePageFixture([m(5)], { has_more: false, read_up_to: 4 }) },
    });
    const known = threadFromPage(messagePageFixture([m(1), m(2)], { has_more: true }));
    const thread = await fetchThread(5, () => known);
    expect(thread.messages.map((message) => message.id)).toEqual([1, 2, 3, 4, 5]);
    expect(thread.hasMore).toBe(true);
    expect(thread.readUpTo).toBe(4);
    const asked = api.fetch.mock.calls.map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.toString(),
    );
    expect(asked).toEqual(['session=5&after=2', 'session=5&after=4']);
  });

  it('stops when a page brings nothing newer, even if the server says more remain', async () => {
    const api = mockApi({
      'GET /chat/message': { body: messagePageFixture([m(2)], { has_more: true }) },
    });
    const known = threadFromPage(messagePageFixture([m(2)]));
    const thread = await fetchThread(5, () => known);
    expect(thread.messages.map((message) => message.id)).toEqual([2]);
    expect(api.calls()).toHaveLength(1);
  });

  it('fetches the newest page the first time', async () => {
    const api = mockApi({
      'GET /chat/message': { body: messagePageFixture([m(9)], { has_more: true }) },
    });
    const thread = await fetchThread(5, () => undefined);
    expect(thread).toMatchObject({ hasMore: true, messages: [m(9)] });
    expect(String(api.fetch.mock.calls[0]?.[0])).toContain('/chat/message?session=5');
  });

  it('reads nothing from a tab in the background: the page is not marked, the thread marks it once shown', async () => {
    const api = mockApi({
      'GET /chat/message': { body: messagePageFixture([m(9)], { has_more: false }) },
    });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const thread = await fetchThread(5, () => undefined);
    vi.restoreAllMocks();
    expect(String(api.fetch.mock.calls[0]?.[0])).toContain('mark_read=false');
    expect(thread.readByMe).toBeNull();
    expect(messageToMarkRead(thread, 1)).toBe(9);
  });

  it('keeps a message that joined the thread while the fetch was under way', async () => {
    // The other side's read mark refetches the thread; the therapist's next message is stored
    // and put into the thread before that fetch answers.
    let thread = threadFromPage(messagePageFixture([m(1), m(2)]));
    mockApi({
      'GET /chat/message': () => {
        thread = withMessage(thread, m(4));
        return { body: messagePageFixture([m(3)], { has_more: false, read_up_to: 3 }) };
      },
    });
    const fetched = await fetchThread(5, () => thread);
    expect(fetched.messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    expect(fetched.readUpTo).toBe(3);
  });
});
