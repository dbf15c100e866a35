import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type HttpRequest, type Upload as TusUploadType, Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';
import { buildApp } from '../../app';
import { videos } from '../../db/schema';
import { findMediaTools } from '../../platform/media-probe';
import { testFilm } from '../../test/films';
import type { Limits } from '../../platform/rate-limit';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createTestApp,
  createUser,
  json,
  sessionCookie,
  testConfig,
  testDatabase,
} from '../../test/harness';
import { uploadSignature } from './upload-rules';

/** Small on purpose: the size-limit case needs no large file. */
const MAX_BYTES = 2_000_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-upload-test-'));
const env = { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX_BYTES) };

let t: TestApp;
let base: string;
let clinicA: Awaited<ReturnType<typeof clinicWithStaff>>;
let clinicB: Awaited<ReturnType<typeof clinicWithStaff>>;
const hasFfmpeg = (await findMediaTools()) !== null;
let sampleFilm: Buffer | null = null;

beforeAll(async () => {
  // One therapist makes every ticket of these tests; the limits have their own tests below.
  const many = { max: 1000, windowMs: 60 * 60_000 };
  t = await createTestApp({
    env,
    limits: { uploadTicketPerUser: many, openUploadsPerUser: many },
  });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  clinicA = await clinicWithStaff(t);
  clinicB = await clinicWithStaff(t);
  if (hasFfmpeg) {
    sampleFilm = testFilm(dataDir, { seconds: 2, size: '160x120', rate: 10 });
  }
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function ticketFor(cookie: string, title?: string): Promise<UploadTicket> {
  const response = await call(t, {
    method: 'POST',
    url: '/video/create_by_therapist',
    cookie,
    payload: title === undefined ? {} : { title },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<UploadTicket>(response);
}

const headersOf = (
  ticket: Pick<UploadTicket, 'signature' | 'expiration' | 'video_id' | 'library_id'>,
) => ({
  AuthorizationSignature: ticket.signature,
  AuthorizationExpire: String(ticket.expiration),
  VideoId: ticket.video_id,
  LibraryId: ticket.library_id,
});

interface UploadRun {
  upload: TusUploadType;
  done: Promise<void>;
  /** Upload-Offset of every PATCH the client sent. */
  patchOffsets: number[];
  /** With `pauseAfterFirstChunk`: the client stopped after its first chunk landed. */
  paused: Promise<void>;
}

function startUpload(
  file: Buffer,
  headers: Record<string, string>,
  options: {
    endpoint?: string;
    uploadUrl?: string;
    filetype?: string;
    chunkSize?: number;
    retryDelays?: number[];
    pauseAfterFirstChunk?: boolean;
  } = {},
): UploadRun {
  const patchOffsets: number[] = [];
  let upload!: TusUploadType;
  let pause!: () => void;
  const paused = new Promise<void>((resolve) => {
    pause = resolve;
  });
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: options.endpoint ?? `${base}/tusupload`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      headers,
      metadata: { filetype: options.filetype ?? 'video/mp4', title: 'Knee bend' },
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      retryDelays: options.retryDelays ?? [],
      onBeforeRequest: (request: HttpRequest) => {
        if (request.getMethod() === 'PATCH') {
          patchOffsets.push(Number(request.getHeader('Upload-Offset')));
        }
      },
      onChunkComplete: () => {
        if (options.pauseAfterFirstChunk) {
          void upload.abort().then(pause);
        }
      },
      onSuccess: () => resolve(),
      onError: reject,
    });
    upload.start();
  });
  return { upload, done, patchOffsets, paused };
}

/** The status and body of the server's refusal behind a tus-js-client error. */
function refusalOf(error: unknown): {
  status: number;
  body: { error: { code: string; message: string } };
} {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
    .originalResponse;
  if (!response) {
    throw error;
  }
  return { status: response.getStatus(), body: JSON.parse(response.getBody()) };
}

async function videoRow(id: number) {
  const [row] = await t.db.select().from(videos).where(eq(videos.id, id));
  return row!;
}

/** Processing runs after the last byte's answer; a test waits for it to end. */
async function settled(id: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const row = await videoRow(id);
    if (row.status !== 'uploading' && row.status !== 'processing') {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`video ${id} still processing`);
}

/** A bare tus creation request: what a hand-made attack sends. */
const createWith = (headers: Record<string, string>) =>
  fetch(`${base}/tusupload`, {
    method: 'POST',
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': '10',
      'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
    },
  });

const signed = (expiration: number, videoId: string) =>
  uploadSignature({ libraryId: '1', apiKey: t.config.video.signingKey!, expiration, videoId });

const storedBytes = (storageKey: string | null) => fs.readFileSync(path.join(dataDir, storageKey!));
const uploadFiles = () =>
  fs.readdirSync(path.join(dataDir, 'uploads')).filter((name) => !name.endsWith('.json'));

describe('POST /video/create_by_therapist', () => {
  it('gives a therapist a signed ticket for a new video of their clinic', async () => {
    const { therapist } = clinicA.staff;
    const ticket = await ticketFor(therapist.cookie, 'Knee bend');
    expect(ticket).toMatchObject({
      title: 'Knee bend',
      video_id: String(ticket.id),
      library_id: '1',
      collection_id: `clinic-${clinicA.clinic.id}`,
      upload_url: '/tusupload',
      max_size_bytes: MAX_BYTES,
      expiration: t.clock.now().getTime() / 1000 + 24 * 3600,
    });
    expect(ticket.signature).toBe(
      uploadSignature({
        libraryId: '1',
        apiKey: t.config.video.signingKey!,
        expiration: ticket.expiration,
        videoId: ticket.video_id,
      }),
    );
    const row = await videoRow(ticket.id);
    expect(row).toMatchObject({
      clinicId: clinicA.clinic.id,
      ownerUserId: therapist.user.id,
      status: 'uploading',
      ticketExpiration: ticket.expiration,
    });
    expect(row.searchVector).toContain("'t:knee'");
    expect((await ticketFor(therapist.cookie)).title).toBe('Untitled Video');
  });

  it('names a title that is too long', async () => {
    const response = await call(t, {
      method: 'POST',
      url: '/video/create_by_therapist',
      cookie: clinicA.staff.therapist.cookie,
      payload: { title: 'x'.repeat(201) },
    });
    expect(response.statusCode).toBe(400);
    expect(
      json<{ error: { fields: Record<string, string> } }>(response).error.fields,
    ).toHaveProperty('title');
  });

  it('refuses an office manager (403) and anyone not signed in (401)', async () => {
    const manager = await call(t, {
      method: 'POST',
      url: '/video/create_by_therapist',
      cookie: clinicA.staff.manager.cookie,
      payload: {},
    });
    expect(manager.statusCode).toBe(403);
    const anonymous = await call(t, {
      method: 'POST',
      url: '/video/create_by_therapist',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('tus uploads at /tusupload', () => {
  it('takes a film with the real tus client, and the video becomes ready', async () => {
    const film = sampleFilm ?? randomBytes(50_000);
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    await startUpload(film, headersOf(ticket), { chunkSize: 16_384 }).done;
    const row = await settled(ticket.id);
    expect(row).toMatchObject({ sizeBytes: film.length, mimeType: 'video/mp4' });
    expect(storedBytes(row.storageKey).equals(film)).toBe(true);
    expect(row.status).toBe('ready');
  });

  it.skipIf(!hasFfmpeg)(
    'reads the duration and makes a poster with ffmpeg (needs ffmpeg on the PATH, skipped without it)',
    async () => {
      const ticket = await ticketFor(clinicA.staff.therapist.cookie);
      await startUpload(sampleFilm!, headersOf(ticket)).done;
      const row = await settled(ticket.id);
      expect(row).toMatchObject({ status: 'ready', durationSeconds: 2 });
      expect(storedBytes(row.thumbnailKey).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      const { cookie } = clinicA.staff.therapist;
      const posterShown = await call(t, {
        method: 'GET',
        url: `/video/${ticket.id}/poster`,
        cookie,
      });
      expect(posterShown.headers['content-type']).toBe('image/jpeg');
      const start = await call(t, {
        method: 'GET',
        url: `/video/${ticket.id}/file`,
        cookie,
        headers: { range: 'bytes=0-99' },
      });
      expect(start.statusCode).toBe(206);
      expect(start.rawPayload.equals(sampleFilm!.subarray(0, 100))).toBe(true);
    },
  );

  it.skipIf(!hasFfmpeg)(
    'marks a file ffprobe cannot read as a video failed (needs ffprobe on the PATH, skipped without it)',
    async () => {
      const ticket = await ticketFor(clinicA.staff.therapist.cookie);
      await startUpload(randomBytes(20_000), headersOf(ticket)).done;
      expect((await settled(ticket.id)).status).toBe('failed');
    },
  );

  it('makes a film ready without a poster where ffmpeg is not installed', async () => {
    const database = await testDatabase();
    const savedPath = process.env.PATH;
    process.env.PATH = '';
    const bare = await buildApp({
      db: database.db,
      config: testConfig(env),
      clock: t.clock,
      logger: false,
      webRoot: null,
    }).finally(() => {
      process.env.PATH = savedPath;
    });
    try {
      const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
      const ticket = await ticketFor(clinicA.staff.therapist.cookie);
      await startUpload(randomBytes(20_000), headersOf(ticket), {
        endpoint: `${bareBase}/tusupload`,
      }).done;
      expect(await settled(ticket.id)).toMatchObject({
        status: 'ready',
        thumbnailKey: null,
        durationSeconds: null,
      });
    } finally {
      await bare.close();
    }
  });

  it('lets the web app upload from its origin: the preflight names the signature headers', async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const preflight = await fetch(`${base}/tusupload`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorizationsignature,videoid,tus-resumable',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'AuthorizationSignature',
    );
    // The signature is the credential: a cookie-less POST that names its origin is not a CSRF.
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const created = await fetch(`${base}/tusupload`, {
      method: 'POST',
      headers: {
        ...headersOf(ticket),
        origin,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(
      new RegExp(`^/tusupload/${ticket.id}-[0-9a-f]{32}$`),
    );
  });

  it('refuses a wrong signature, an expired ticket and a missing one', async () => {
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const wrong = { ...headersOf(ticket), AuthorizationSignature: 'f'.repeat(64) };
    const refused = refusalOf(await startUpload(randomBytes(1000), wrong).done.catch((e) => e));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');

    const expiration = Math.floor(t.clock.now().getTime() / 1000) - 1;
    const expired = {
      ...ticket,
      expiration,
      signature: uploadSignature({
        libraryId: '1',
        apiKey: t.config.video.signingKey!,
        expiration,
        videoId: ticket.video_id,
      }),
    };
    const late = refusalOf(
      await startUpload(randomBytes(1000), headersOf(expired)).done.catch((e) => e),
    );
    expect(late.status).toBe(401);
    expect(late.body.error.message).toMatch(/expired/);

    const bare = refusalOf(await startUpload(randomBytes(1000), {}).done.catch((e) => e));
    expect(bare.status).toBe(401);
    expect((await videoRow(ticket.id)).status).toBe('uploading');
  });

  it("keeps another clinic's caller off a video and an upload that are not theirs", async () => {
    const mine = await ticketFor(clinicA.staff.therapist.cookie);
    const theirs = await ticketFor(clinicB.staff.therapist.cookie);
    // Their own valid signature, for their video id, does not open ours.
    const forged = { ...headersOf(theirs), VideoId: mine.video_id };
    expect(
      refusalOf(await startUpload(randomBytes(1000), forged).done.catch((e) => e)).status,
    ).toBe(403);

    // Nor can they append to (or read the offset of) our upload with their ticket.
    const run = startUpload(randomBytes(200_000), headersOf(mine), {
      chunkSize: 50_000,
      pauseAfterFirstChunk: true,
    });
    await run.paused;
    const url = run.upload.url!;
    for (const method of ['HEAD', 'PATCH'] as const) {
      const response = await fetch(url, {
        method,
        headers: {
          ...headersOf(theirs),
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '50000',
          'Content-Type': 'application/offset+octet-stream',
        },
        ...(method === 'PATCH' ? { body: randomBytes(100) } : {}),
      });
      expect(response.status, method).toBe(404);
    }
    expect(fs.statSync(path.join(dataDir, 'uploads', url.split('/').pop()!)).size).toBe(50_000);
  });

  // Security issue, finding 1: a ticket for video 1876 with expiry E also signed expiry E1 with
  // video 876 (the signature joins its parts with no separator), in any clinic, for 500 years.
  it("keeps a ticket to its own video: digits moved from the video id to the expiry reach no other clinic's upload", async () => {
    const riverside = await ticketFor(clinicB.staff.therapist.cookie);
    // Northside made tickets until one had Riverside's id with a digit in front; here at once.
    await t.db.execute(
      sql`select setval(pg_get_serial_sequence('videos', 'id'), ${Number(`1${riverside.video_id}`) - 1})`,
    );
    const northside = await ticketFor(clinicA.staff.therapist.cookie);
    expect(northside.video_id).toBe(`1${riverside.video_id}`);
    const regrouped = {
      ...headersOf(northside),
      AuthorizationExpire: `${northside.expiration}1`,
      VideoId: riverside.video_id,
    };
    expect(signed(Number(regrouped.AuthorizationExpire), riverside.video_id)).toBe(
      northside.signature,
    );

    const attack = await startUpload(randomBytes(20_000), regrouped).done.then(
      () => 'uploaded into the other clinic',
      (error: unknown) => refusalOf(error).status,
    );
    expect(attack).toBe(403);
    expect((await videoRow(riverside.id)).status).toBe('uploading');

    // A real film where ffmpeg is installed: it probes what lands, and random bytes fail there.
    const film = sampleFilm ?? randomBytes(30_000);
    await startUpload(film, headersOf(riverside)).done;
    expect((await settled(riverside.id)).status).toBe('ready');
    const served = await call(t, {
      method: 'GET',
      url: `/video/${riverside.id}/file`,
      cookie: clinicB.staff.therapist.cookie,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(film)).toBe(true);
  });

  it('answers a regrouped ticket 403 like any other forged one, and takes only the expiry it issued', async () => {
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const [first, ...rest] = ticket.video_id;
    const shorter = rest.join('');
    // The check from the issue: "E7" + "77" must not get further than "E" + "77" does.
    const plain = await createWith({ ...headersOf(ticket), VideoId: shorter });
    const regrouped = await createWith({
      ...headersOf(ticket),
      AuthorizationExpire: `${ticket.expiration}${first}`,
      VideoId: shorter,
    });
    expect(plain.status).toBe(403);
    expect(regrouped.status).toBe(403);
    expect(((await regrouped.json()) as { error: { code: string } }).error.code).toBe('forbidden');

    // Signed with the server's key and still in date, but not the expiry this video's ticket has.
    const earlier = ticket.expiration - 60;
    const other = await createWith({
      ...headersOf(ticket),
      AuthorizationExpire: String(earlier),
      AuthorizationSignature: signed(earlier, ticket.video_id),
    });
    expect(other.status).toBe(403);
    expect((await createWith(headersOf(ticket))).status).toBe(201);
  });

  // Security issue, finding 3: the 409 to a repeated last PATCH removed the stored film.
  it('keeps the landed film when the last PATCH comes again from a client that lost its answer', async () => {
    const film = sampleFilm ?? randomBytes(60_000);
    const chunkSize = Math.ceil(film.length / 3);
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const run = startUpload(film, headersOf(ticket), { chunkSize });
    await run.done;
    expect((await settled(ticket.id)).status).toBe('ready');
    const lastOffset = run.patchOffsets.at(-1)!;
    expect(lastOffset).toBe(chunkSize * 2);

    const again = await fetch(run.upload.url!, {
      method: 'PATCH',
      headers: {
        ...headersOf(ticket),
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(lastOffset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: film.subarray(lastOffset),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('conflict');

    const row = await videoRow(ticket.id);
    expect(row.status).toBe('ready');
    const served = await call(t, {
      method: 'GET',
      url: `/video/${ticket.id}/file`,
      cookie: clinicA.staff.therapist.cookie,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(film)).toBe(true);
  });

  it('refuses a file that is not a video (415) and one over the size limit (413)', async () => {
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const image = refusalOf(
      await startUpload(randomBytes(1000), headersOf(ticket), { filetype: 'image/png' }).done.catch(
        (e) => e,
      ),
    );
    expect(image.status).toBe(415);
    expect(image.body.error.message).toMatch(/Only video files/);
    const large = refusalOf(
      await startUpload(randomBytes(MAX_BYTES + 1), headersOf(ticket)).done.catch((e) => e),
    );
    expect(large.status).toBe(413);
    expect(large.body.error.code).toBe('payload_too_large');
  });

  it('resumes a dropped connection from the offset the server holds, not from zero', async () => {
    const file = randomBytes(1_000_000);
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    // A proxy that cuts the connection once ~40% of the file has gone through it.
    let forwarded = 0;
    let cut = false;
    const proxy = net.createServer((client) => {
      const upstream = net.connect(new URL(base).port as unknown as number, '127.0.0.1');
      client.on('data', (data: Buffer) => {
        forwarded += data.length;
        if (!cut && forwarded > file.length * 0.4) {
          cut = true;
          client.destroy();
          upstream.destroy();
          return;
        }
        upstream.write(data);
      });
      upstream.pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyPort = (proxy.address() as net.AddressInfo).port;
    try {
      const run = startUpload(file, headersOf(ticket), {
        endpoint: `http://127.0.0.1:${proxyPort}/tusupload`,
        retryDelays: [100, 500, 1000],
      });
      await run.done;
      expect(cut).toBe(true);
      expect(run.patchOffsets.length).toBeGreaterThanOrEqual(2);
      expect(run.patchOffsets[0]).toBe(0);
      expect(run.patchOffsets[1]).toBeGreaterThan(0);
      const row = await settled(ticket.id);
      expect(storedBytes(row.storageKey).equals(file)).toBe(true);
    } finally {
      proxy.close();
    }
  });

  it('keeps the received bytes across a server restart and resumes on the new instance', async () => {
    const file = randomBytes(300_000);
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const first = startUpload(file, headersOf(ticket), {
      chunkSize: 100_000,
      pauseAfterFirstChunk: true,
    });
    await first.paused;
    const uploadPath = new URL(first.upload.url!).pathname;

    const database = await testDatabase();
    const second = await buildApp({
      db: database.db,
      config: testConfig(env),
      clock: t.clock,
      logger: false,
      webRoot: null,
    });
    try {
      const secondBase = await second.listen({ host: '127.0.0.1', port: 0 });
      const resumed = startUpload(file, headersOf(ticket), {
        endpoint: `${secondBase}/tusupload`,
        uploadUrl: `${secondBase}${uploadPath}`,
        chunkSize: 100_000,
      });
      await resumed.done;
      expect(resumed.patchOffsets[0]).toBe(100_000);
      const row = await settled(ticket.id);
      expect(storedBytes(row.storageKey).equals(file)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("sweeps an upload abandoned past its ticket's life when the server starts", async () => {
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const abandoned = startUpload(randomBytes(200_000), headersOf(ticket), {
      chunkSize: 50_000,
      pauseAfterFirstChunk: true,
    });
    await abandoned.paused;
    const id = abandoned.upload.url!.split('/').pop()!;
    const infoPath = path.join(dataDir, 'uploads', `${id}.json`);
    const info = JSON.parse(fs.readFileSync(infoPath, 'utf8')) as { creation_date: string };
    // Made 26 hours ago: its ticket ran out two hours since.
    info.creation_date = new Date(Date.now() - 26 * 3_600_000).toISOString();
    fs.writeFileSync(infoPath, JSON.stringify(info));
    expect(uploadFiles()).toContain(id);

    const database = await testDatabase();
    const restarted = await buildApp({
      db: database.db,
      config: testConfig(env),
      clock: t.clock,
      logger: false,
      webRoot: null,
    });
    await restarted.close();
    expect(uploadFiles()).not.toContain(id);
  });

  it('never mixes two uploads of one video: the first to finish wins, the later is discarded', async () => {
    const [a, b] = [randomBytes(200_000), randomBytes(200_000)];
    const ticket = await ticketFor(clinicA.staff.therapist.cookie);
    const early = startUpload(a, headersOf(ticket), {
      chunkSize: 50_000,
      pauseAfterFirstChunk: true,
    });
    await early.paused;
    const earlyId = early.upload.url!.split('/').pop()!;
    expect(uploadFiles()).toContain(earlyId);

    await startUpload(b, headersOf(ticket), { chunkSize: 50_000 }).done;
    const row = await settled(ticket.id);
    expect(storedBytes(row.storageKey).equals(b)).toBe(true);

    const late = startUpload(a, headersOf(ticket), {
      uploadUrl: early.upload.url!,
      chunkSize: 50_000,
    });
    const refused = refusalOf(await late.done.catch((e) => e));
    expect(refused.status).toBe(409);
    expect(uploadFiles()).not.toContain(earlyId);
    expect(storedBytes(row.storageKey).equals(b)).toBe(true);
  });
});

// Security issue, finding 9: a thousand tickets in 23 s, each an `uploading` row in the library.
describe('how many uploads a therapist may start', () => {
  const HOUR = 60 * 60_000;
  const DAY = 24 * HOUR;

  async function limitedApp(limits: Partial<Limits>) {
    const limited = await createTestApp({ env, limits });
    const clinic = await clinicWithStaff(limited);
    const therapist = clinic.staff.therapist.user.id;
    let cookie = clinic.staff.therapist.cookie;
    const create = (as = cookie) =>
      call(limited, { method: 'POST', url: '/video/create_by_therapist', cookie: as, payload: {} });
    /** Moves the app's clock on, and signs the therapist in again past the idle limit. */
    const later = async (ms: number) => {
      limited.clock.advance(ms);
      cookie = await sessionCookie(limited, therapist);
      return cookie;
    };
    return { limited, clinic, create, later };
  }

  it('limits the tickets one person asks for in an hour (429 with Retry-After)', async () => {
    const { limited, clinic, create, later } = await limitedApp({
      uploadTicketPerUser: { max: 2, windowMs: HOUR },
    });
    try {
      expect((await create()).statusCode).toBe(201);
      expect((await create()).statusCode).toBe(201);
      const third = await create();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBe('3600');
      expect(json<{ error: { code: string; message: string } }>(third).error).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/Try again in 60 minute/),
      });
      // A colleague's count is their own.
      const colleague = await createUser(limited.db, {
        clinicId: clinic.clinic.id,
        role: 'therapist',
      });
      expect((await create(await sessionCookie(limited, colleague.id))).statusCode).toBe(201);
      await later(HOUR);
      expect((await create()).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('caps the uploads one person holds open (409) until one lands or its ticket runs out', async () => {
    const { limited, create, later } = await limitedApp({
      openUploadsPerUser: { max: 2, windowMs: DAY },
    });
    try {
      const limitedBase = await limited.app.listen({ host: '127.0.0.1', port: 0 });
      const first = json<UploadTicket>(await create());
      expect((await create()).statusCode).toBe(201);
      const third = await create();
      expect(third.statusCode).toBe(409);
      expect(json<{ error: { message: string } }>(third).error.message).toMatch(
        /2 uploads that have not finished/,
      );

      await startUpload(randomBytes(10_000), headersOf(first), {
        endpoint: `${limitedBase}/tusupload`,
      }).done;
      const second = json<UploadTicket>(await create());
      expect((await create()).statusCode).toBe(409);
      // Cancelling in the web app deletes the video, which frees its place.
      const cancelled = await call(limited, {
        method: 'DELETE',
        url: '/video/delete',
        cookie: await later(0),
        payload: { videos: [second.id] },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await create()).statusCode).toBe(201);
      expect((await create()).statusCode).toBe(409);
      await later(DAY);
      expect((await create()).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('drops a ticket never used from the library once it has run out, and deletes it at the next sweep', async () => {
    const { limited, create, later } = await limitedApp({});
    try {
      const unused = json<UploadTicket>(await create());
      const listed = async () => {
        const page = await call(limited, {
          method: 'GET',
          url: '/video/list?scope=mine',
          cookie: await later(0),
        });
        expect(page.statusCode).toBe(200);
        return json<{ results: { id: number }[] }>(page).results.map((video) => video.id);
      };
      expect(await listed()).toContain(unused.id);
      await later(DAY - 1000);
      expect(await listed()).toContain(unused.id);
      await later(1000);
      expect(await listed()).not.toContain(unused.id);

      // The sweep of abandoned uploads runs when a server starts, and hourly, an hour past expiry.
      await later(HOUR);
      const database = await testDatabase();
      const restarted = await buildApp({
        db: database.db,
        config: testConfig(env),
        clock: limited.clock,
        logger: false,
        webRoot: null,
      });
      await restarted.close();
      const [row] = await limited.db.select().from(videos).where(eq(videos.id, unused.id));
      expect(row).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});
