import { describe, expect, it } from 'vitest';
import { createChangeFeed } from './change-feed';
import { createSessionCache } from './session-cache';

const now = new Date('2026-11-23T10:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

function setUp(options: { seconds?: number; entries?: number } = {}) {
  const feed = createChangeFeed(async () => undefined);
  feed.setLive(true);
  const cache = createSessionCache<{ user: { id: number; clinicId: number | null }; name: string }>(
    feed,
    options,
  );
  const put = (idHash: string, userId: number, clinicId: number | null = 1) =>
    cache.put(idHash, { user: { id: userId, clinicId }, name: idHash }, cache.mark(), now);
  return { feed, cache, put };
}

describe('session cache', () => {
  it('answers a session it was given while the feed is live', () => {
    const { cache, put } = setUp();
    put('a', 1);
    expect(cache.get('a', now)?.name).toBe('a');
    expect(cache.get('b', now)).toBeUndefined();
  });

  it('drops the sessions of users the feed names, and of a changed clinic', () => {
    const { feed, cache, put } = setUp();
    put('a', 1, 1);
    put('b', 2, 1);
    put('c', 3, 2);
    feed.publish({ kind: 'sessions', clinic: 0, ids: [1] });
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)?.name).toBe('b');
    feed.publish({ kind: 'clinics', clinic: 1, ids: [1] });
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('c', now)?.name).toBe('c');
    feed.publish({ kind: 'users', clinic: 2, ids: null });
    expect(cache.get('c', now)).toBeUndefined();
  });

  it('ignores patient changes', () => {
    const { feed, cache, put } = setUp();
    put('a', 1);
    feed.publish({ kind: 'patients', clinic: 1, ids: [1] });
    expect(cache.get('a', now)?.name).toBe('a');
  });

  it('does not keep a lookup that a change overtook', () => {
    const { feed, cache } = setUp();
    const mark = cache.mark();
    // The session was read, then its user signed out elsewhere before the read was kept.
    feed.publish({ kind: 'sessions', clinic: 0, ids: [1] });
    cache.put('a', { user: { id: 1, clinicId: 1 }, name: 'a' }, mark, now);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('keeps nothing and answers nothing while the feed is down', () => {
    const { feed, cache, put } = setUp();
    put('a', 1);
    feed.setLive(false);
    expect(cache.get('a', now)).toBeUndefined();
    put('b', 2);
    expect(cache.get('b', now)).toBeUndefined();
    feed.setLive(true);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('trusts an entry for a bounded time only', () => {
    const { cache, put } = setUp({ seconds: 60 });
    put('a', 1);
    expect(cache.get('a', later(59))?.name).toBe('a');
    expect(cache.get('a', later(60))).toBeUndefined();
  });

  it('forgets the oldest entries past its capacity', () => {
    const { cache, put } = setUp({ entries: 2 });
    put('a', 1);
    put('b', 2);
    put('c', 3);
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)?.name).toBe('b');
    expect(cache.get('c', now)?.name).toBe('c');
  });
});

describe('change feed barrier', () => {
  it('resolves once its own marker comes back through the feed', async () => {
    let heardOwn = false;
    const feed = createChangeFeed(async ({ node, marker }) => {
      // Another node's marker with the same number first: it must not release this barrier.
      feed.publish({ kind: 'sync', clinic: node + 1, ids: [marker] });
      setTimeout(() => {
        heardOwn = true;
        feed.publish({ kind: 'sync', clinic: node, ids: [marker] });
      }, 5);
    });
    feed.setLive(true);
    let reset = false;
    feed.subscribe({ change: () => undefined, reset: () => (reset = true) });
    await feed.barrier();
    expect(heardOwn).toBe(true);
    expect(reset).toBe(false);
  });

  it('forgets every cache when its marker cannot be sent', async () => {
    const feed = createChangeFeed(async () => {
      throw new Error('connection lost');
    });
    feed.setLive(true);
    let reset = false;
    feed.subscribe({ change: () => undefined, reset: () => (reset = true) });
    await feed.barrier();
    expect(reset).toBe(true);
  });
});
