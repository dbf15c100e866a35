import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { type HttpRequest, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';
import { findMediaTools } from '../../platform/media-probe';
import {
  ACCOUNTS,
  type ServerProcess,
  type Store,
  api,
  errorLines,
  freePort,
  freshStore,
  kill9,
  signIn,
  startServer,
  stopServer,
} from './server-process';

/**
 * Issue 16, standing proof: an upload interrupted by a kill -9 of the server, in the middle of a
 * PATCH, resumes on the restarted server from the offset it kept, and the film is stored byte for
 * byte and processed. (features/library/upload.int.test.ts covers a dropped connection and a clean
 * restart between chunks, in process.)
 */
const hasFfmpeg = (await findMediaTools()) !== null;

let store: Store;
let port: number;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  store = await freshStore('upload');
  port = await freePort();
});

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await store?.remove();
});

/** A real film, large enough that the kill lands inside its one PATCH. */
function film(dir: string): Buffer {
  const out = path.join(dir, 'resume.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=duration=3',
    '-pix_fmt',
    'yuv420p',
    // Noise, losslessly: megabytes, so the kill lands well inside the PATCH.
    '-vf',
    'noise=alls=40:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '0',
    '-shortest',
    out,
  ]);
  return fs.readFileSync(out);
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

const headersOf = (ticket: UploadTicket) => ({
  AuthorizationSignature: ticket.signature,
  AuthorizationExpire: String(ticket.expiration),
  VideoId: ticket.video_id,
  LibraryId: ticket.library_id,
});

describe.skipIf(!hasFfmpeg)('an upload interrupted by kill -9 (needs ffmpeg on the PATH)', () => {
  it('resumes from the offset the restarted server holds, stored byte for byte and processed', async () => {
    const bytes = film(store.dataDir);
    expect(bytes.length).toBeGreaterThan(1_000_000);
    const first = await startServer(store, port);
    servers.push(first);
    const { base } = first;
    const therapist = await signIn(base, ACCOUNTS.therapist);
    const created = await api<UploadTicket>(base, therapist, 'POST', '/video/create_by_therapist', {
      title: 'Resumed squat',
    });
    expect(created.status).toBe(201);
    const ticket = created.body;

    // The upload is made, then its one PATCH sends 40 % of the film and holds the rest back until
    // the server is killed: the kill lands inside the PATCH's body whatever the machine's speed.
    const made = await fetch(`${base}/tusupload`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `filetype ${base64('video/mp4')},title ${base64('Resumed squat')}`,
        ...headersOf(ticket),
      },
    });
    expect(made.status).toBe(201);
    const uploadUrl = new URL(made.headers.get('location') ?? '', base).toString();
    const sent = Math.floor(bytes.length * 0.4);
    const patch = http.request(uploadUrl, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
        ...headersOf(ticket),
      },
    });
    const patchEnded = new Promise<string>((resolve) => {
      patch.on('error', (error) => resolve(error.message));
      patch.on('response', (response) => resolve(`answered ${response.statusCode}`));
    });
    patch.write(bytes.subarray(0, sent));
    const onDisk = path.join(store.dataDir, 'uploads', path.basename(new URL(uploadUrl).pathname));
    await vi.waitFor(
      () => expect(fs.statSync(onDisk, { throwIfNoEntry: false })?.size ?? 0).toBeGreaterThan(0),
      { timeout: 30_000, interval: 100 },
    );
    await kill9(first);
    expect(await patchEnded, 'the PATCH died with the server').not.toMatch(/^answered/);

    const second = await startServer(store, port);
    servers.push(second);
    const head = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', ...headersOf(ticket) },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    // What reached the disk before the kill is kept: the resume does not start over.
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);

    const patchOffsets: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${base}/tusupload`,
        uploadUrl,
        headers: headersOf(ticket),
        metadata: { filetype: 'video/mp4', title: 'Resumed squat' },
        retryDelays: [],
        onBeforeRequest: (request: HttpRequest) => {
          if (request.getMethod() === 'PATCH') {
            patchOffsets.push(Number(request.getHeader('Upload-Offset')));
          }
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    expect(patchOffsets[0]).toBe(offset);

    const signedIn = await signIn(base, ACCOUNTS.therapist);
    let video: { status: string; duration_seconds: number | null; video_url: string | null };
    const deadline = Date.now() + 60_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      video = (await api<typeof video>(base, signedIn, 'GET', `/video/${ticket.id}`)).body;
    } while (['uploading', 'processing'].includes(video.status) && Date.now() < deadline);
    expect(video).toMatchObject({ status: 'ready', duration_seconds: 3 });
    const played = await fetch(new URL(video.video_url!, base), {
      headers: { cookie: signedIn.cookie },
    });
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(bytes)).toBe(true);
    expect(errorLines(second.output())).toEqual([]);
    console.warn(
      `Upload resumed after kill -9: ${bytes.length} bytes, ${offset} kept by the server, the rest sent from there`,
    );
  }, 240_000);
});
