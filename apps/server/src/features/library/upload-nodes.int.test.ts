/**
 * Several app nodes on one PostgreSQL and one upload store, behind a balancer that is not sticky:
 * tus's per-upload lock is held in the database (upload-locker.ts), so any node serves any request.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@tus/server';
import { eq } from 'drizzle-orm';
import { type HttpRequest, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';
import { videos } from '../../db/schema';
import { findMediaTools } from '../../platform/media-probe';
import { testFilm } from '../../test/films';
import { type TestApp, call, clinicWithStaff, createTestApp, json } from '../../test/harness';
import { postgresTestUrl } from '../../test/test-engine';
import { PostgresLocker } from './upload-locker';

const postgresUrl = postgresTestUrl();
const hasFfmpeg = (await findMediaTools()) !== null;
const quiet = { warn: () => undefined } as unknown as ConstructorParameters<
  typeof PostgresLocker
>[1];

describe.skipIf(!postgresUrl)('upload locks in PostgreSQL', () => {
  it('lets one node at a time hold an upload: the other waits, and its release request reaches the holder', async () => {
    const nodeA = new PostgresLocker(postgresUrl!, quiet);
    const nodeB = new PostgresLocker(postgresUrl!, quiet);
    try {
      const uploadId = `9-${randomBytes(16).toString('hex')}`;
      const held = nodeA.newLock(uploadId);
      let releaseRequests = 0;
      await held.lock(new AbortController().signal, () => {
        releaseRequests += 1;
      });

      let acquired = false;
      const wanted = nodeB.newLock(uploadId);
      const waiting = wanted
        .lock(new AbortController().signal, () => undefined)
        .then(() => (acquired = true));
      await expect.poll(() => releaseRequests, { timeout: 5_000 }).toBeGreaterThan(0);
      // Asked to let go, the holder keeps the lock until it unlocks: the other still waits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(acquired).toBe(false);

      // A third request, whose own request ends while it waits, gives up the way MemoryLocker does.
      const stop = new AbortController();
      const givingUp = nodeB.newLock(uploadId).lock(stop.signal, () => undefined);
      stop.abort();
      await expect(givingUp).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);

      await held.unlock();
      await waiting;
      expect(acquired).toBe(true);
      // Another upload is not held up by this one's lock.
      const other = nodeA.newLock(`9-${randomBytes(16).toString('hex')}`);
      await other.lock(AbortSignal.timeout(2_000), () => undefined);
      await other.unlock();
      await wanted.unlock();
      await expect(wanted.unlock()).rejects.toThrow('Releasing an unlocked lock!');
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  it('gives up with tus’s lock timeout when the holder never lets go', async () => {
    const nodeA = new PostgresLocker(postgresUrl!, quiet);
    const nodeB = new PostgresLocker(postgresUrl!, quiet, 400);
    try {
      const uploadId = `9-${randomBytes(16).toString('hex')}`;
      const held = nodeA.newLock(uploadId);
      await held.lock(new AbortController().signal, () => undefined);
      await expect(
        nodeB.newLock(uploadId).lock(new AbortController().signal, () => undefined),
      ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
      await held.unlock();
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });
});

/**
 * A balancer without sticky sessions: each PATCH goes to the next node in turn, other requests
 * too on a turn of their own. A client that cuts its request cuts the node's too.
 */
function alternatingBalancer(nodes: string[]) {
  const patchesTo: number[] = [];
  const turns = { PATCH: 0, other: 0 };
  const server = http.createServer((request, response) => {
    const kind = request.method === 'PATCH' ? 'PATCH' : 'other';
    const target = turns[kind] % nodes.length;
    turns[kind] += 1;
    if (kind === 'PATCH') {
      patchesTo.push(target);
    }
    const forwarded = http.request(
      new URL(request.url!, nodes[target]),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    response.on('close', () => {
      if (!response.writableFinished) {
        forwarded.destroy();
      }
    });
    request.pipe(forwarded);
  });
  return {
    patchesTo,
    listen: () =>
      new Promise<string>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          resolve(`http://127.0.0.1:${port}`);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!postgresUrl)('two app nodes behind a balancer that is not sticky', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-upload-nodes-'));
  // One DATA_DIR: the nodes share the upload store, as they would a volume or a bucket.
  const env = { DATA_DIR: dataDir };
  let nodeA: TestApp;
  let nodeB: TestApp;
  let balancer: ReturnType<typeof alternatingBalancer>;
  let base: string;
  let film: Buffer;

  beforeAll(async () => {
    nodeA = await createTestApp({ env, betweenNodes: true });
    nodeB = await createTestApp({ env, betweenNodes: true });
    balancer = alternatingBalancer([
      await nodeA.app.listen({ host: '127.0.0.1', port: 0 }),
      await nodeB.app.listen({ host: '127.0.0.1', port: 0 }),
    ]);
    base = await balancer.listen();
    if (hasFfmpeg) {
      film = testFilm(dataDir, { seconds: 4, size: '320x240', rate: 25 });
    } else {
      film = randomBytes(400_000);
    }
  });

  afterAll(async () => {
    await balancer.close();
    await nodeA.close();
    await nodeB.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function send(
    headers: Record<string, string>,
    options: { uploadUrl?: string; cutAt?: number },
  ): { done: Promise<void>; cut: Promise<string>; patchOffsets: number[] } {
    const patchOffsets: number[] = [];
    let cutDone!: (url: string) => void;
    const cut = new Promise<string>((resolve) => {
      cutDone = resolve;
    });
    const chunkSize = Math.ceil(film.length / 8);
    const done = new Promise<void>((resolve, reject) => {
      const upload = new Upload(film, {
        endpoint: `${base}/tusupload`,
        ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
        headers,
        metadata: { filetype: 'video/mp4', title: 'Knee bend' },
        chunkSize,
        retryDelays: [],
        onBeforeRequest: (request: HttpRequest) => {
          if (request.getMethod() === 'PATCH') {
            patchOffsets.push(Number(request.getHeader('Upload-Offset')));
          }
        },
        onProgress: (bytesSent) => {
          // Midway through a PATCH: the connection drops with part of a chunk sent.
          if (options.cutAt !== undefined && bytesSent >= options.cutAt) {
            options.cutAt = undefined;
            void upload.abort().then(() => cutDone(upload.url!));
          }
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    return { done, cut, patchOffsets };
  }

  async function ticketHeaders(): Promise<Record<string, string>> {
    const { staff } = await clinicWithStaff(nodeA);
    const created = await call(nodeA, {
      method: 'POST',
      url: '/video/create_by_therapist',
      cookie: staff.therapist.cookie,
      payload: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = json<UploadTicket>(created);
    return {
      AuthorizationSignature: ticket.signature,
      AuthorizationExpire: String(ticket.expiration),
      VideoId: ticket.video_id,
      LibraryId: ticket.library_id,
    };
  }

  it('ends a PATCH stalled on one node when the client asks another node about the upload', async () => {
    const headers = { ...(await ticketHeaders()), 'Tus-Resumable': '1.0.0' };
    const [urlA, urlB] = [nodeA, nodeB].map((node) => {
      const { port } = node.app.server.address() as { port: number };
      return `http://127.0.0.1:${port}`;
    });
    const created = await fetch(`${urlA}/tusupload`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(film.length),
        'Upload-Metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // Half a chunk sent to node A, then nothing: a phone that lost its signal mid-request.
    const stalled = http.request(`${urlA}${location}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
    });
    const ended = new Promise<string>((resolve) => {
      stalled.on('response', () => resolve('ended'));
      stalled.on('error', () => resolve('ended'));
      stalled.on('close', () => resolve('ended'));
    });
    try {
      stalled.write(film.subarray(0, 10_000));
      await new Promise((resolve) => setTimeout(resolve, 500));

      // The client resumes through node B: B asks A to let go, A ends its PATCH with what came.
      const head = await fetch(`${urlB}${location}`, { method: 'HEAD', headers });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('10000');
      // Each node's own lock in memory would leave it open until some timeout far away.
      const stillOpen = new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000));
      expect(await Promise.race([ended, stillOpen])).toBe('ended');
    } finally {
      stalled.destroy();
    }
  });

  it('takes one upload whose PATCHes alternate between the nodes, cut midway and resumed, byte for byte', async () => {
    const headers = await ticketHeaders();
    const first = send(headers, { cutAt: Math.floor(film.length * 0.45) });
    const uploadUrl = await first.cut;
    const resumed = send(headers, { uploadUrl });
    await resumed.done;

    // The first client sent some chunks; the second went on from the offset the nodes kept.
    expect(first.patchOffsets.length).toBeGreaterThan(1);
    expect(resumed.patchOffsets[0]).toBeGreaterThan(0);
    expect(resumed.patchOffsets[0]).toBeLessThan(film.length);
    expect(new Set(balancer.patchesTo)).toEqual(new Set([0, 1]));
    expect(balancer.patchesTo.every((node, i) => node === i % 2)).toBe(true);

    let row: typeof videos.$inferSelect | undefined;
    await expect
      .poll(
        async () => {
          [row] = await nodeA.db
            .select()
            .from(videos)
            .where(eq(videos.id, Number(headers.VideoId)));
          return row?.status;
        },
        { timeout: 20_000, interval: 100 },
      )
      .not.toMatch(/^(uploading|processing)$/);
    expect(row).toMatchObject({ sizeBytes: film.length });
    if (hasFfmpeg) {
      expect(row?.status).toBe('ready');
    }
    expect(fs.readFileSync(path.join(dataDir, row!.storageKey!)).equals(film)).toBe(true);
  });
});
