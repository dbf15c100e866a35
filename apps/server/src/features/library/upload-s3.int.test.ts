import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';
import { videos } from '../../db/schema';
import { s3ClientConfig } from '../../platform/file-storage';
import { findMediaTools } from '../../platform/media-probe';
import { testFilm } from '../../test/films';
import { type TestApp, call, clinicWithStaff, createTestApp, json } from '../../test/harness';

/** A real S3 API (s3rver) on a free loopback port: the bucket path of uploads and playback. */
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-upload-s3-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-upload-s3-data-'));
const BUCKET = 'homestretch-test';
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: process.env.S3RVER_LOG !== 'on',
  directory: s3Dir,
  configureBuckets: [{ name: BUCKET }],
});

/**
 * s3rver lacks ListParts, which @tus/s3-store asks to resume a multipart upload; this front of it
 * answers that one call from the parts it saw go through, and passes every other call on.
 */
function withListParts(target: AddressInfo): http.Server {
  const parts = new Map<string, { PartNumber: number; ETag: string; Size: number }[]>();
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'GET' && uploadId && !url.searchParams.has('partNumber')) {
      const listed = (parts.get(uploadId) ?? [])
        .map(
          (part) =>
            `<Part><PartNumber>${part.PartNumber}</PartNumber><ETag>${part.ETag}</ETag><Size>${part.Size}</Size></Part>`,
        )
        .join('');
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${listed}</ListPartsResult>`,
      );
      return;
    }
    const forwarded = http.request(
      {
        host: target.address,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const partNumber = Number(url.searchParams.get('partNumber'));
        if (request.method === 'PUT' && uploadId && partNumber && answer.statusCode === 200) {
          const list = parts.get(uploadId) ?? [];
          parts.set(uploadId, [
            ...list.filter((part) => part.PartNumber !== partNumber),
            {
              PartNumber: partNumber,
              ETag: String(answer.headers.etag),
              Size: Number(request.headers['content-length']),
            },
          ]);
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forwarded);
  });
}

let front: http.Server;
let t: TestApp;
let base: string;
let s3Settings: NonNullable<TestApp['config']['s3']>;

beforeAll(async () => {
  front = withListParts(await s3.run());
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const address = front.address() as AddressInfo;
  t = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  s3Settings = t.config.s3!;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await t.close();
  front.close();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settled(id: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const [row] = await t.db.select().from(videos).where(eq(videos.id, id));
    if (row && row.status !== 'uploading' && row.status !== 'processing') {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`video ${id} still processing`);
}

describe('uploads to S3-compatible storage', () => {
  it('stores the film in the bucket and plays it back by range', async () => {
    const { staff } = await clinicWithStaff(t);
    const created = await call(t, {
      method: 'POST',
      url: '/video/create_by_therapist',
      cookie: staff.therapist.cookie,
      payload: { title: 'Heel raise' },
    });
    const ticket = json<UploadTicket>(created);
    // A real film where ffmpeg can make one (then its poster goes to the bucket too); without
    // ffmpeg any bytes become a ready film.
    const tools = await findMediaTools();
    const file = tools
      ? testFilm(dataDir, { seconds: 2, size: '160x120', rate: 10 }, tools.ffmpeg)
      : randomBytes(300_000);
    await new Promise<void>((resolve, reject) => {
      new Upload(file, {
        endpoint: `${base}/tusupload`,
        headers: {
          AuthorizationSignature: ticket.signature,
          AuthorizationExpire: String(ticket.expiration),
          VideoId: ticket.video_id,
          LibraryId: ticket.library_id,
        },
        metadata: { filetype: 'video/mp4', title: 'Heel raise' },
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    const row = await settled(ticket.id);
    expect(row).toMatchObject({ status: 'ready', sizeBytes: file.length });
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const client = new S3Client(s3ClientConfig(s3Settings));
    const object = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: row.storageKey! }),
    );
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(file)).toBe(true);
    client.destroy();

    const part = await call(t, {
      method: 'GET',
      url: `/video/${ticket.id}/file`,
      cookie: staff.therapist.cookie,
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);
    if (tools) {
      const poster = await call(t, {
        method: 'GET',
        url: `/video/${ticket.id}/poster`,
        cookie: staff.therapist.cookie,
      });
      expect(poster.statusCode).toBe(200);
      expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
  });
});
