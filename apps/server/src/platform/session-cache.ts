/**
 * Signed-in sessions kept in memory, so an authenticated request needs no database round trip to
 * know who is calling (bench/: that lookup was the floor under every endpoint). Only trustworthy
 * while the change feed is live: a session is dropped when the feed names its user (sign-out,
 * password change, a changed role, approval or deactivation), its clinic, or was interrupted.
 * Expiry is still checked on every request; an entry is kept at most `SESSION_CACHE_SECONDS`.
 */
import type { Change, ChangeFeed } from './change-feed';

/** What a cached session must tell for the feed's changes to find it. */
export interface SessionRecord {
  user: { id: number; clinicId: number | null };
}

/** How long an entry may be trusted at most: a bound on any change the feed could not name. */
export const SESSION_CACHE_SECONDS = 60;
/** A bound on memory: past this, the oldest entries go first. */
export const SESSION_CACHE_ENTRIES = 50_000;

export interface SessionCache<T extends SessionRecord> {
  get(idHash: string, now: Date): T | undefined;
  /** Before a lookup: the moment whose changes a later `put` must not have missed. */
  mark(): number;
  /** Keeps what a lookup read, unless something changed since its `mark` or the feed is down. */
  put(idHash: string, record: T, mark: number, now: Date): void;
}

export function createSessionCache<T extends SessionRecord>(
  feed: ChangeFeed,
  options: { seconds?: number; entries?: number } = {},
): SessionCache<T> {
  const ttlMs = (options.seconds ?? SESSION_CACHE_SECONDS) * 1000;
  const capacity = options.entries ?? SESSION_CACHE_ENTRIES;
  const entries = new Map<string, { record: T; cachedAt: number }>();
  // Bumped by every change that drops entries: a lookup that started before it may be stale.
  let changes = 0;

  const dropWhere = (stale: (record: T) => boolean) => {
    for (const [idHash, entry] of entries) {
      if (stale(entry.record)) {
        entries.delete(idHash);
      }
    }
  };
  const dropAll = () => {
    changes += 1;
    entries.clear();
  };
  const onChange = (change: Change) => {
    if (change.kind === 'patients' || change.kind === 'sync') {
      return;
    }
    changes += 1;
    if (change.kind === 'clinics') {
      dropWhere((record) => record.user.clinicId === change.clinic);
    } else if (change.ids === null) {
      entries.clear();
    } else {
      const users = new Set(change.ids);
      dropWhere((record) => users.has(record.user.id));
    }
  };
  feed.subscribe({ change: onChange, reset: dropAll });

  return {
    get(idHash, now) {
      const entry = entries.get(idHash);
      if (!entry) {
        return undefined;
      }
      if (!feed.live || now.getTime() - entry.cachedAt >= ttlMs) {
        entries.delete(idHash);
        return undefined;
      }
      return entry.record;
    },
    mark: () => changes,
    put(idHash, record, mark, now) {
      if (!feed.live || mark !== changes) {
        return;
      }
      entries.delete(idHash);
      entries.set(idHash, { record, cachedAt: now.getTime() });
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) {
          entries.delete(oldest);
        }
      }
    },
  };
}
