import { ERRORS } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PostgresLocker, createUploadLocker, uploadLockKey } from './upload-locker';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('uploadLockKey', () => {
  it('gives one upload one signed 64-bit key, on every node, and two uploads two keys', () => {
    const key = uploadLockKey('42-0123456789abcdef0123456789abcdef');
    expect(key).toBe(uploadLockKey('42-0123456789abcdef0123456789abcdef'));
    expect(BigInt(key)).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(BigInt(key)).toBeLessThan(2n ** 63n);
    expect(uploadLockKey('42-0123456789abcdef0123456789abcdee')).not.toBe(key);
    const keys = new Set(Array.from({ length: 1000 }, (_, i) => uploadLockKey(`7-${i}`)));
    expect(keys.size).toBe(1000);
  });
});

describe('createUploadLocker', () => {
  it('keeps the locks in memory in one process: a second request waits and asks the first to let go', async () => {
    const locker = createUploadLocker(undefined, log);
    expect(locker).not.toBeInstanceOf(PostgresLocker);
    const first = locker.newLock('1-a');
    let releaseAsked = false;
    await first.lock(new AbortController().signal, () => {
      releaseAsked = true;
    });
    const second = locker.newLock('1-a');
    const stop = new AbortController();
    const waiting = second.lock(stop.signal, () => undefined);
    await expect.poll(() => releaseAsked).toBe(true);
    stop.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await first.unlock();
    await locker.close();
  });

  it('holds them in PostgreSQL when the nodes share one', async () => {
    const locker = createUploadLocker('postgres://nobody@127.0.0.1:1/none', log);
    expect(locker).toBeInstanceOf(PostgresLocker);
    await locker.close();
  });
});
