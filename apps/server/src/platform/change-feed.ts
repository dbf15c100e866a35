/**
 * What changed in the database, as every app node hears it: the triggers of migration 0009 send
 * a NOTIFY on commit for patients (and their therapists), accounts, sessions and clinics. The
 * in-memory caches (session-cache.ts, patients/roster-cache.ts) drop or refresh what a change
 * names, and drop everything when the feed was interrupted, since changes may have been missed
 * (docs/decisions/008-in-memory-caches.md).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';

export const CHANGE_CHANNEL = 'homestretch_changes';

const ChangeSchema = z.object({
  /** `sync` is a node's own marker (`barrier`), not a change. */
  kind: z.enum(['patients', 'users', 'sessions', 'clinics', 'sync']),
  /** The clinic of the rows (0 for rows without one: clinic-less accounts, sessions); for `sync`, the node. */
  clinic: z.number().int(),
  /** The changed rows' ids; null when there were too many to name: all of the clinic's. */
  ids: z.array(z.number().int()).nullable(),
});
export type Change = z.output<typeof ChangeSchema>;

export interface ChangeListener {
  change(change: Change): void;
  /** Changes may have been missed, or the feed stopped: forget everything cached. */
  reset(): void;
}

export interface ChangeFeed {
  /** True while every committed change is heard; caches only keep what they read meanwhile. */
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  /**
   * Resolves once every change committed before the call has been heard here. PostgreSQL
   * delivers notifications in commit order, so hearing a marker sent now is proof. After a write,
   * this node's next read then sees the write, whatever path made it.
   */
  barrier(): Promise<void>;
}

/** How long a barrier waits for its marker before giving up on the caches. */
const BARRIER_TIMEOUT_MS = 2_000;

/** Reads one notification; null for anything else, which is never trusted. */
export function parseChange(payload: string): Change | null {
  try {
    const parsed = ChangeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A feed driven by hand: the building block of `listenForChanges`, and of unit tests.
 * `sendMarker` sends a `sync` notification naming this node and the marker, through the database.
 */
export function createChangeFeed(
  sendMarker: (marker: { node: number; marker: number }) => Promise<void>,
): ChangeFeed & {
  publish(change: Change): void;
  setLive(live: boolean): void;
  /** Something was heard that cannot be read: what it named is unknown, so forget everything. */
  resetAll(): void;
} {
  const listeners = new Set<ChangeListener>();
  const waiting = new Map<number, () => void>();
  // Every node hears every node's markers: this one waits only for its own.
  const node = randomInt(1, 2 ** 31 - 1);
  let live = false;
  let markers = 0;
  const resetAll = () => listeners.forEach((listener) => listener.reset());
  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(change) {
      if (change.kind === 'sync') {
        if (change.clinic === node) {
          change.ids?.forEach((marker) => waiting.get(marker)?.());
        }
        return;
      }
      listeners.forEach((listener) => listener.change(change));
    },
    setLive(next) {
      live = next;
      if (!next) {
        resetAll();
        waiting.forEach((release) => release());
      }
    },
    resetAll,
    async barrier() {
      if (!live) {
        return;
      }
      markers += 1;
      const marker = markers;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        waiting.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
      });
      try {
        await sendMarker({ node, marker });
        // Not heard in time: what else was missed is unknown.
        if (!(await heard)) {
          resetAll();
        }
      } catch {
        resetAll();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
  };
}

/** The feed of a database's change notifications; `stop` ends it (at shutdown). */
export async function listenForChanges(
  database: Pick<Database, 'listen' | 'db'>,
): Promise<{ feed: ChangeFeed; stop: () => Promise<void> }> {
  const feed = createChangeFeed(async ({ node, marker }) => {
    const payload = JSON.stringify({ kind: 'sync', clinic: node, ids: [marker] });
    await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
  });
  const stop = await database.listen(CHANGE_CHANNEL, {
    onMessage: (payload) => {
      const change = parseChange(payload);
      if (change) {
        feed.publish(change);
      } else {
        feed.resetAll();
      }
    },
    onLive: (live) => feed.setLive(live),
  });
  return { feed, stop };
}
