/**
 * The per-upload lock of the tus endpoint (docs/decisions/019-tus-uploads.md). tus takes it around
 * every request for an upload so two PATCHes never write one file at once, and a newer request
 * asks the holder to let go (a client resuming after a dropped connection must not wait for the
 * dead request to time out). One process: tus's own MemoryLocker. Several nodes on one
 * PostgreSQL: the lock lives in the database, so any node serves any request of any upload.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { guardClients } from '../../db/client';

/** MemoryLocker's own bound: past it a waiting request gives up (500) and the client retries. */
const ACQUIRE_TIMEOUT_MS = 30_000;

/** How often a waiting request tries the lock again and repeats its release request. */
const RETRY_EVERY_MS = 100;

/** Where a waiting request asks, by upload id, every node for the holder to let go. */
export const RELEASE_CHANNEL = 'tus_upload_release';

/** After the listening connection is lost (a database restart), when it is opened again. */
const RELISTEN_AFTER_MS = 1_000;

/**
 * Each request that holds or waits for a lock holds one connection (a session-level advisory lock
 * belongs to its connection), so this bounds a node's uploads in flight; a request past it waits
 * for a connection within the same timeout as for the lock.
 */
const LOCK_CONNECTIONS = 20;

/**
 * The advisory lock key of an upload: the first 8 bytes of SHA-256 of its id, as a signed
 * bigint. Not `hashtext()`: its 32 bits would make two of a few ten thousand open uploads share a
 * key (birthday bound), and a request for one would then cancel the other's PATCH; it is also
 * undocumented and has changed between PostgreSQL versions, which nodes in a rolling upgrade could
 * disagree on. With 64 bits a clash, with another upload or the fixed keys of the jobs
 * (platform/jobs.ts), is out of reach.
 */
export function uploadLockKey(uploadId: string): string {
  return createHash('sha256').update(uploadId).digest().readBigInt64BE(0).toString();
}

export interface UploadLocker extends Locker {
  close(): Promise<void>;
}

/** PostgreSQL when the nodes share one (its URL), the process's own memory otherwise. */
export function createUploadLocker(
  nodesDatabaseUrl: string | undefined,
  log: FastifyBaseLogger,
): UploadLocker {
  if (!nodesDatabaseUrl) {
    const memory = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS });
    return { newLock: (id) => memory.newLock(id), close: async () => undefined };
  }
  return new PostgresLocker(nodesDatabaseUrl, log);
}

/**
 * Advisory locks on connections of its own pool, and one more connection that LISTENs for release
 * requests: a waiting request on any node NOTIFYs the upload's id, and the node whose request
 * holds that lock calls the holder's requestRelease (tus then ends that PATCH after its drain
 * delay, the bytes so far kept). A holder whose connection dies loses its lock with it.
 */
export class PostgresLocker implements UploadLocker {
  readonly pool: pg.Pool;
  /** This node's holders, by upload id; at most one per id, since their locks exclude each other. */
  readonly holders = new Map<string, RequestRelease>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
    readonly acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS });
    this.pool.on('error', (error) => log.warn({ err: error }, 'upload lock connection lost'));
    guardClients(this.pool, (error) => log.warn({ err: error }, 'upload lock connection lost'));
  }

  newLock(id: string): Lock {
    return new PostgresLock(this, id);
  }

  /** Opened with the first lock, so an app that takes no upload holds no connection. */
  listen(): Promise<void> {
    this.listening ??= this.openListener().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  private async openListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === RELEASE_CHANNEL && message.payload) {
        void this.holders.get(message.payload)?.();
      }
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'upload lock listener lost');
      void client.end().catch(() => undefined);
    });
    client.on('end', () => {
      if (this.listener !== client || this.closed) {
        return;
      }
      // Release requests sent meanwhile are lost: their holder's request ends on its own and the
      // waiter, at worst, times out and its client retries.
      this.listener = null;
      this.listening = null;
      setTimeout(() => {
        if (!this.closed) {
          this.listen().catch((error: unknown) =>
            this.log.warn({ err: error }, 'upload lock listener not reopened'),
          );
        }
      }, RELISTEN_AFTER_MS).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${RELEASE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      // Closed while this connection was opening: nothing else would end it.
      await client.end();
      return;
    }
    this.listener = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}

class PostgresLock implements Lock {
  private readonly key: string;
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly locker: PostgresLocker,
    private readonly id: string,
  ) {
    this.key = uploadLockKey(id);
  }

  /**
   * MemoryLocker's contract: wait for the lock, asking its holder again and again to let go, and
   * give up with ERR_LOCK_TIMEOUT when the request ends (stopSignal) or the timeout passes.
   */
  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUp = AbortSignal.any([stopSignal, AbortSignal.timeout(this.locker.acquireTimeoutMs)]);
    await this.locker.listen();
    const client = await this.connect(giveUp);
    try {
      for (;;) {
        const tried = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [this.key],
        );
        if (tried.rows[0]?.locked) {
          this.client = client;
          this.locker.holders.set(this.id, requestRelease);
          return;
        }
        await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
        // Rejects only when the request gives up.
        await sleep(RETRY_EVERY_MS, undefined, { signal: giveUp }).catch(() => {
          throw ERRORS.ERR_LOCK_TIMEOUT;
        });
      }
    } catch (error) {
      client.release();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) {
      throw new Error('Releasing an unlocked lock!');
    }
    this.client = null;
    this.locker.holders.delete(this.id);
    try {
      await client.query('select pg_advisory_unlock($1)', [this.key]);
      client.release();
    } catch (error) {
      // Its connection is gone, and the lock with it: the pool must not hand that client out.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }

  /** A connection of the pool, unless the request gives up first (then it goes straight back). */
  private async connect(giveUp: AbortSignal): Promise<pg.PoolClient> {
    const connecting = this.locker.pool.connect();
    const abandoned = new Promise<never>((_resolve, reject) => {
      const onAbort = () => reject(ERRORS.ERR_LOCK_TIMEOUT);
      if (giveUp.aborted) {
        onAbort();
      }
      giveUp.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([connecting, abandoned]);
    } catch (error) {
      connecting.then(
        (client) => client.release(),
        () => undefined,
      );
      throw error;
    }
  }
}
