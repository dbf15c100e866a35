import { describe, expect, it } from 'vitest';
import { DANA, MARIA, SAM, messageFixture, messagePageFixture } from '../../test/chat-fixtures';
import type { OutboxEntry } from './outbox-machine';
import {
  dayKey,
  dayLabel,
  lastFromOthers,
  laterReadMark,
  mergeMessages,
  messageToMarkRead,
  storedStatus,
  threadFromPage,
  threadItems,
  withEarlierPage,
  withMarkedRead,
  withMessage,
  withNewerPage,
} from './thread-rules';

const m = (id: number, overrides = {}) =>
  messageFixture({ id, message: `m${id}`, created_at: '2026-11-26T15:00:00.000Z', ...overrides });

function pendingFixture(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    clientId: 'c-1',
    session: 5,
    text: 'On my way',
    status: 'sending',
    createdAt: '2026-11-26T16:00:00.000Z',
    error: null,
    rateLimited: false,
    ...overrides,
  };
}

describe('merging messages', () => {
  it('keeps each message once, in id order, however often and in whatever order it comes', () => {
    const merged = mergeMessages([m(1), m(3)], [m(3), m(2), m(4), m(2)]);
    expect(merged.map((message) => message.id)).toEqual([1, 2, 3, 4]);
  });

  it('a message heard live and fetched again after a reconnect shows once', () => {
    const thread = withMessage(threadFromPage(messagePageFixture([m(1), m(2)])), m(3));
    const again = withNewerPage(thread, messagePageFixture([m(3), m(4)], { read_up_to: 2 }));
    expect(again.messages.map((message) => message.id)).toEqual([1, 2, 3, 4]);
    expect(again.readUpTo).toBe(2);
  });

  it('earlier history sets whether more is left; newer pages keep it', () => {
    const thread = threadFromPage(messagePageFixture([m(51)], { has_more: true }));
    expect(withNewerPage(thread, messagePageFixture([m(52)])).hasMore).toBe(true);
    const earlier = withEarlierPage(thread, messagePageFixture([m(1), m(50)], { has_more: false }));
    expect(earlier.hasMore).toBe(false);
    expect(earlier.messages.map((message) => message.id)).toEqual([1, 50, 51]);
  });
});

describe('read marks', () => {
  it('only move forward', () => {
    expect(laterReadMark(null, 4)).toBe(4);
    expect(laterReadMark(6, 4)).toBe(6);
    expect(laterReadMark(6, null)).toBe(6);
    expect(laterReadMark(null, null)).toBeNull();
  });

  it('my messages up to the mark are read, later ones sent', () => {
    expect(storedStatus(3, 5)).toBe('read');
    expect(storedStatus(5, 5)).toBe('read');
    expect(storedStatus(6, 5)).toBe('sent');
    expect(storedStatus(6, null)).toBe('sent');
  });
});

describe('days', () => {
  it('are the calendar day where the clinic is', () => {
    // 02:30 UTC on 26 Nov is still the 25th in New York.
    expect(dayKey('2026-11-26T02:30:00.000Z', 'America/New_York')).toBe('2026-11-25');
    expect(dayKey('2026-11-26T02:30:00.000Z', 'Europe/Paris')).toBe('2026-11-26');
  });

  it('read Today, Yesterday, then the date', () => {
    expect(dayLabel('2026-11-26', '2026-11-26')).toBe('Today');
    expect(dayLabel('2026-11-25', '2026-11-26')).toBe('Yesterday');
    expect(dayLabel('2026-03-01', '2026-03-02')).toBe('Yesterday');
    expect(dayLabel('2026-11-20', '2026-11-26')).toBe('Friday, Nov 20, 2026');
  });
});

describe('what a thread shows', () => {
  const base = {
    meId: DANA.id,
    readUpTo: null,
    timeZone: 'UTC',
    now: new Date('2026-11-26T18:00:00.000Z'),
  };

  it('puts a day line wherever the day changes', () => {
    const items = threadItems({
      ...base,
      messages: [
        m(1, { created_at: '2026-11-24T09:00:00.000Z' }),
        m(2, { created_at: '2026-11-24T10:00:00.000Z' }),
        m(3, { created_at: '2026-11-26T09:00:00.000Z' }),
      ],
      pending: [],
    });
    expect(items.map((item) => (item.type === 'day' ? item.label : item.text))).toEqual([
      'Tuesday, Nov 24, 2026',
      'm1',
      'm2',
      'Today',
      'm3',
    ]);
  });

  it('tells mine from theirs, names the sender once per run, and marks mine read or sent', () => {
    const items = threadItems({
      ...base,
      readUpTo: 3,
      messages: [
        m(1, { sender: MARIA }),
        m(2, { sender: MARIA }),
        m(3, { sender: DANA }),
        m(4, { sender: SAM }),
        m(5, { sender: DANA }),
      ],
      pending: [],
    }).filter((item) => item.type === 'message');
    expect(
      items.map((item) => [item.text, item.mine, item.showSender, item.status] as const),
    ).toEqual([
      ['m1', false, true, null],
      ['m2', false, false, null],
      ['m3', true, false, 'read'],
      ['m4', false, true, null],
      ['m5', true, false, 'sent'],
    ]);
  });

  it('shows the outbox after the stored messages, and a stored copy once', () => {
    const items = threadItems({
      ...base,
      messages: [m(1), m(2, { sender: DANA, client_id: 'c-1', message: 'On my way' })],
      pending: [
        pendingFixture({ clientId: 'c-1' }),
        pendingFixture({ clientId: 'c-2', text: 'Still there?', status: 'waiting' }),
      ],
    }).filter((item) => item.type === 'message');
    expect(items.map((item) => [item.text, item.status, item.clientId])).toEqual([
      ['m1', null, null],
      ['On my way', 'sent', null],
      ['Still there?', 'waiting', 'c-2'],
    ]);
  });

  it('an empty thread shows nothing', () => {
    expect(threadItems({ ...base, messages: [], pending: [] })).toEqual([]);
  });
});

describe('the newest message from the other side', () => {
  it('is what reading the thread marks read', () => {
    expect(lastFromOthers([m(1, { sender: MARIA }), m(2, { sender: DANA })], DANA.id)).toBe(1);
    expect(lastFromOthers([m(1, { sender: DANA })], DANA.id)).toBeNull();
  });
});

describe('the read call', () => {
  const fetched = threadFromPage(
    messagePageFixture([m(1, { sender: MARIA }), m(2, { sender: DANA })]),
  );

  it('is not made for what a GET answered: the server marked it', () => {
    expect(messageToMarkRead(fetched, DANA.id)).toBeNull();
    const caughtUp = withNewerPage(fetched, messagePageFixture([m(3, { sender: MARIA })]));
    expect(messageToMarkRead(caughtUp, DANA.id)).toBeNull();
  });

  it('marks the newest from the other side that arrived live since', () => {
    const live = withMessage(withMessage(fetched, m(3, { sender: MARIA })), m(4, { sender: SAM }));
    expect(messageToMarkRead(live, DANA.id)).toBe(4);
    // My own message arriving live is not one to read.
    expect(messageToMarkRead(withMessage(fetched, m(3, { sender: DANA })), DANA.id)).toBeNull();
  });

  it('is made once: its answer moves my mark', () => {
    const live = withMessage(fetched, m(3, { sender: MARIA }));
    expect(messageToMarkRead(withMarkedRead(live, 3), DANA.id)).toBeNull();
    // An answer for an older message (a late one) never takes the mark back.
    expect(withMarkedRead(withMarkedRead(live, 3), 1).readByMe).toBe(3);
  });

  it('an earlier page leaves my mark where it was', () => {
    const earlier = withEarlierPage(
      withMessage(fetched, m(3, { sender: MARIA })),
      messagePageFixture([m(0, { sender: MARIA })]),
    );
    expect(messageToMarkRead(earlier, DANA.id)).toBe(3);
  });
});
