import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueExercises, hepItems, videos } from '../../db/schema';
import { readPtCatalogue, toPtVideoRow, toStoredExercise } from './pt-catalogue/pt-catalogue-rows';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
  json,
  sessionCookie,
} from '../../test/harness';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wt-upload-playback-'));
const film = randomBytes(5_000);
const poster = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

let t: TestApp;
let clinicA: Awaited<ReturnType<typeof clinicWithStaff>>;
let clinicB: Awaited<ReturnType<typeof clinicWithStaff>>;
let filmId: number;
let bareFilmId: number;
let catalogueId: number;

async function insertVideo(values: Partial<typeof videos.$inferInsert>) {
  const [row] = await t.db.insert(videos).values(values).returning({ id: videos.id });
  return row!.id;
}

function writeStored(key: string, bytes: Buffer) {
  fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
  fs.writeFileSync(path.join(dataDir, key), bytes);
}

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  clinicA = await clinicWithStaff(t);
  clinicB = await clinicWithStaff(t);
  const key = `uploads/${randomUUID()}`;
  writeStored(key, film);
  writeStored('posters/test.jpg', poster);
  filmId = await insertVideo({
    clinicId: clinicA.clinic.id,
    ownerUserId: clinicA.staff.therapist.user.id,
    status: 'ready',
    storageKey: key,
    sizeBytes: film.length,
    mimeType: 'video/mp4',
    thumbnailKey: 'posters/test.jpg',
  });
  bareFilmId = await insertVideo({
    clinicId: clinicA.clinic.id,
    status: 'ready',
    storageKey: key,
    mimeType: 'video/webm',
  });
  catalogueId = await insertVideo({
    clinicId: null,
    externalId: `test-${randomUUID()}`,
    frameKeys: ['images/Adductor/0.jpg', 'images/Adductor/1.jpg'],
  });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  call(t, { method: 'GET', url, headers, ...(cookie ? { cookie } : {}) });

describe('GET /video/:id/file', () => {
  it("plays the clinic's film to its staff, whole or by range", async () => {
    const whole = await get(`/video/${filmId}/file`, clinicA.staff.therapist.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': String(film.length),
      'cache-control': 'private, max-age=86400',
    });
    expect(whole.rawPayload.equals(film)).toBe(true);

    const part = await get(`/video/${filmId}/file`, clinicA.staff.manager.cookie, {
      range: 'bytes=0-99',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${film.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(film.subarray(0, 100))).toBe(true);

    const head = await call(t, {
      method: 'HEAD',
      url: `/video/${filmId}/file`,
      cookie: clinicA.staff.therapist.cookie,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(film.length));
    expect(head.rawPayload.length).toBe(0);

    const tail = await get(`/video/${filmId}/file`, clinicA.staff.therapist.cookie, {
      range: 'bytes=-10',
    });
    expect(tail.rawPayload.equals(film.subarray(film.length - 10))).toBe(true);
  });

  it('answers 416 for a range past the end, and 304 for the copy the browser holds', async () => {
    const past = await get(`/video/${filmId}/file`, clinicA.staff.therapist.cookie, {
      range: `bytes=${film.length}-`,
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${film.length}`);
    expect(json<{ error: { code: string } }>(past).error.code).toBe('range_not_satisfiable');

    const first = await get(`/video/${filmId}/file`, clinicA.staff.therapist.cookie);
    const again = await get(`/video/${filmId}/file`, clinicA.staff.therapist.cookie, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(first.headers['last-modified']).toBeTruthy();
  });

  it("is not found for another clinic's staff, and asks anyone else to sign in", async () => {
    const other = await get(`/video/${filmId}/file`, clinicB.staff.therapist.cookie);
    expect(other.statusCode).toBe(404);
    expect(json<{ error: { code: string } }>(other).error.code).toBe('not_found');
    expect((await get(`/video/${filmId}/file`)).statusCode).toBe(401);
    const bad = await get('/video/abc/file', clinicA.staff.therapist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields).toHaveProperty(
      'id',
    );
  });

  it('plays to a patient only what their own program holds', async () => {
    const user = await createUser(t.db, { clinicId: clinicA.clinic.id, role: 'patient' });
    const patient = await createPatient(t.db, { clinicId: clinicA.clinic.id, userId: user.id });
    const cookie = await sessionCookie(t, user.id);
    expect((await get(`/video/${filmId}/file`, cookie)).statusCode).toBe(404);

    const [item] = await t.db
      .insert(hepItems)
      .values({ clinicId: clinicA.clinic.id, patientId: patient.id, videoId: filmId })
      .returning();
    const played = await get(`/video/${filmId}/file`, cookie, { range: 'bytes=0-99' });
    expect(played.statusCode).toBe(206);
    expect((await get(`/video/${bareFilmId}/file`, cookie)).statusCode).toBe(404);

    await t.db.update(hepItems).set({ deletedAt: new Date() }).where(eq(hepItems.id, item!.id));
    expect((await get(`/video/${filmId}/file`, cookie)).statusCode).toBe(404);
  });
});

describe('GET /video/:id/poster and /video/:id/frames/:index', () => {
  it('shows the poster ffmpeg made, or none', async () => {
    const shown = await get(`/video/${filmId}/poster`, clinicA.staff.therapist.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.equals(poster)).toBe(true);
    expect(
      (await get(`/video/${bareFilmId}/poster`, clinicA.staff.therapist.cookie)).statusCode,
    ).toBe(404);
  });

  it("shows a catalogue item's photos to every clinic's staff; its poster is the first", async () => {
    const expected = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../assets/exercises/images/Adductor/1.jpg'),
    );
    const frame = await get(`/video/${catalogueId}/frames/1`, clinicB.staff.therapist.cookie);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/jpeg');
    expect(frame.rawPayload.equals(expected)).toBe(true);
    const posterOf = await get(`/video/${catalogueId}/poster`, clinicA.staff.therapist.cookie);
    expect(posterOf.statusCode).toBe(200);
    expect(
      (await get(`/video/${catalogueId}/frames/2`, clinicA.staff.therapist.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/video/${catalogueId}/file`, clinicA.staff.therapist.cookie)).statusCode,
    ).toBe(404);
    const bad = await get(`/video/${catalogueId}/frames/-1`, clinicA.staff.therapist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields).toHaveProperty(
      'index',
    );
  });
});

describe('GET /video/:id/figure/:frame', () => {
  it("draws a modelled exercise's figure as an SVG image for the clinic's staff and a patient whose program holds it", async () => {
    // One catalogue exercise as the start stores it, with its model.
    const entry = readPtCatalogue().find((candidate) => candidate.id === 'wall-squat')!;
    await t.db
      .insert(catalogueExercises)
      .values({ id: entry.id, entry: toStoredExercise(entry), movement: entry.movement })
      .onConflictDoNothing();
    const [exercise] = await t.db
      .insert(videos)
      .values({ ...toPtVideoRow(entry), externalId: `test-${randomUUID()}` })
      .returning({ id: videos.id, movementId: videos.movementId });
    const start = await get(`/video/${exercise!.id}/figure/start`, clinicB.staff.therapist.cookie);
    expect(start.statusCode).toBe(200);
    expect(start.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(start.headers['cache-control']).toBe('private, no-cache');
    expect(start.payload).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(start.payload).toContain('aria-label="Start position"');
    const again = await get(`/video/${exercise!.id}/figure/start`, clinicB.staff.therapist.cookie, {
      'if-none-match': String(start.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const both = await get(
      `/video/${exercise!.id}/figure/start-end`,
      clinicA.staff.therapist.cookie,
    );
    expect(both.statusCode).toBe(200);
    expect(both.payload).toContain('aria-label="Start and end positions"');
    expect(both.payload).not.toBe(start.payload);

    // A clinic's film that takes the exercise's model is drawn with it; one without has none.
    await t.db
      .update(videos)
      .set({ movementId: exercise!.movementId })
      .where(eq(videos.id, bareFilmId));
    const film = await get(`/video/${bareFilmId}/figure/start`, clinicA.staff.therapist.cookie);
    expect(film.payload).toBe(start.payload);
    expect(
      (await get(`/video/${filmId}/figure/start`, clinicA.staff.therapist.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/video/${bareFilmId}/figure/start`, clinicB.staff.therapist.cookie)).statusCode,
    ).toBe(404);

    const user = await createUser(t.db, { clinicId: clinicA.clinic.id, role: 'patient' });
    const patient = await createPatient(t.db, { clinicId: clinicA.clinic.id, userId: user.id });
    const cookie = await sessionCookie(t, user.id);
    expect((await get(`/video/${exercise!.id}/figure/start`, cookie)).statusCode).toBe(404);
    await t.db
      .insert(hepItems)
      .values({ clinicId: clinicA.clinic.id, patientId: patient.id, videoId: exercise!.id });
    expect((await get(`/video/${exercise!.id}/figure/start`, cookie)).statusCode).toBe(200);
  });

  it('refuses a frame it does not draw, and asks a caller who is not signed in to sign in', async () => {
    const bad = await get(`/video/${catalogueId}/figure/middle`, clinicA.staff.therapist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields).toHaveProperty(
      'frame',
    );
    expect((await get(`/video/${catalogueId}/figure/start`)).statusCode).toBe(401);
  });
});
