import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@homestretch/contract/library/video';
import { analyticsEvents, hepItems, libraryFolders, videos } from '../../db/schema';
import { loadExerciseCatalogue } from './exercise-catalogue';
import { PT_CATALOGUE } from './pt-catalogue/index';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  unique,
} from '../../test/harness';
import { videoSearchVector } from './video-search';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'homestretch-library-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await loadExerciseCatalogue(t.db);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Staff = Awaited<ReturnType<typeof clinicWithStaff>>;

/** A ready clinic video, straight into the database. */
async function clinicVideo(
  { clinic }: Staff,
  ownerUserId: number,
  values: Partial<typeof videos.$inferInsert> = {},
) {
  const title = values.title ?? unique('Heel slide');
  const fields = {
    title,
    bodyParts: values.bodyParts ?? 'Knee and thigh',
    purpose: values.purpose ?? 'Mobility',
    equipment: values.equipment ?? 'Towel',
    description: values.description ?? 'Slide the heel toward the buttock.',
  } as const;
  const [row] = await t.db
    .insert(videos)
    .values({
      clinicId: clinic.id,
      ownerUserId,
      status: 'ready',
      storageKey: `videos/${unique('file')}.mp4`,
      ...values,
      ...fields,
      searchVector: videoSearchVector(fields),
    })
    .returning();
  if (!row) {
    throw new Error('video not created');
  }
  return row;
}

const get = (url: string, cookie?: string) => call(t, { method: 'GET', url, cookie });
const results = (response: { json(): unknown }) =>
  (response.json() as { results: Video[] }).results;

/**
 * The catalogue as this database holds it: the shipped exercises of both collections, and on
 * PostgreSQL any that a file run before in the same worker's database added (the authorization
 * matrix adds its own).
 */
async function catalogueSize(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(videos).where(isNull(videos.clinicId));
  expect(row!.n).toBeGreaterThanOrEqual(873 + PT_CATALOGUE.length);
  return row!.n;
}

describe('the library list', () => {
  it("shows the clinic's own videos first, then the catalogue; never another clinic's", async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const older = await clinicVideo(a, a.staff.therapist.user.id, { title: 'Older' });
    const newer = await clinicVideo(a, a.staff.remote_therapist.user.id, { title: 'Newer' });
    await clinicVideo(b, b.staff.therapist.user.id, { title: 'Other clinic' });
    await t.db
      .update(videos)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(videos.id, older.id));

    const page = await get('/video/list', a.staff.therapist.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().count).toBe((await catalogueSize()) + 2);
    const listed = results(page);
    expect(listed).toHaveLength(25);
    expect(listed.slice(0, 2).map((video) => video.id)).toEqual([newer.id, older.id]);
    expect(listed[0]).toMatchObject({ source: 'clinic', is_mine: false, can_edit: false });
    expect(listed[1]).toMatchObject({ is_mine: true, can_edit: true });
    expect(listed[2]).toMatchObject({ source: 'catalogue', can_edit: false, video_url: null });
    // Then the catalogue: the physical-therapy exercises first, by title, each with its figure.
    const catalogue = listed.slice(2);
    expect(
      catalogue.every(
        (video) => video.collection === 'physical-therapy' && video.movement?.view !== undefined,
      ),
    ).toBe(true);
    const titles = catalogue.map((video) => video.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());

    const total = (await catalogueSize()) + 2;
    const lastPage = Math.ceil(total / 25);
    const last = await get(`/video/list?page=${lastPage}`, a.staff.therapist.cookie);
    expect(results(last)).toHaveLength(total - (lastPage - 1) * 25);
    expect(results(last).at(-1)?.collection).not.toBe('physical-therapy');
    const beyond = await get('/video/list?page=99', a.staff.therapist.cookie);
    expect(beyond.json()).toEqual({ results: [], count: (await catalogueSize()) + 2 });
  });

  it('filters by scope, body part, purpose, position and equipment, and searches words by their start', async () => {
    const a = await clinicWithStaff(t);
    const mine = await clinicVideo(a, a.staff.therapist.user.id, {
      title: 'Wall calf stretch',
      bodyParts: 'Ankle and calf',
      purpose: 'Stretching',
      equipment: 'None',
    });
    await clinicVideo(a, a.staff.remote_therapist.user.id, { title: 'Sit to stand' });
    const cookie = a.staff.therapist.cookie;

    expect(results(await get('/video/list?scope=mine', cookie)).map((v) => v.id)).toEqual([
      mine.id,
    ]);
    expect((await get('/video/list?scope=clinic', cookie)).json().count).toBe(2);
    expect((await get('/video/list?scope=catalogue', cookie)).json().count).toBe(
      await catalogueSize(),
    );

    const neck = await get('/video/list?body_parts=Neck&scope=catalogue', cookie);
    expect(neck.json().count).toBeGreaterThan(0);
    expect(results(neck).every((video) => video.body_parts === 'Neck')).toBe(true);
    const filtered = await get(
      `/video/list?${new URLSearchParams({ purpose: 'Stretching', equipment: 'None', position: 'Other', body_parts: 'Ankle and calf' })}`,
      cookie,
    );
    expect(results(filtered)[0]?.id).toBe(mine.id);
    expect(results(filtered).every((video) => video.equipment === 'None')).toBe(true);

    // Words in any order, by their start, accents and case ignored; title matches lead.
    const search = await get(`/video/list?search=${encodeURIComponent('CHÉST chin')}`, cookie);
    // The physical-therapy exercise leads; the fitness set's one of the same name follows.
    expect(results(search)[0]?.title).toBe('Chin to chest stretch');
    expect(results(search).map((video) => video.title)).toContain('Chin To Chest Stretch');
    const calf = await get('/video/list?search=calf%20str', cookie);
    expect(results(calf)[0]?.id).toBe(mine.id);
    const none = await get('/video/list?search=zzzzqqq', cookie);
    expect(none.json()).toEqual({ results: [], count: 0 });
  });

  it('refuses a bad filter naming it, an anonymous caller, and a patient', async () => {
    const a = await clinicWithStaff(t);
    const bad = await get('/video/list?body_parts=Elbow&page=0', a.staff.therapist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['body_parts', 'page']);
    expect((await get('/video/list')).statusCode).toBe(401);
    // Office managers and supervisors browse; they do not change the library.
    expect((await get('/video/list', a.staff.manager.cookie)).statusCode).toBe(200);
    expect((await get('/video/list', a.staff.supervisor.cookie)).statusCode).toBe(200);
  });
});

describe('one video', () => {
  it('answers a catalogue item with its photos as a loop, and 404 for another clinic', async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const [stretch] = await t.db
      .select()
      .from(videos)
      .where(and(isNull(videos.clinicId), eq(videos.externalId, 'Chin_To_Chest_Stretch')));
    const answer = await get(`/video/${stretch?.id}`, a.staff.manager.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      title: 'Chin To Chest Stretch',
      source: 'catalogue',
      level: 'beginner',
      status: 'ready',
      video_url: null,
      thumbnail_url: `/video/${stretch?.id}/poster`,
      frame_urls: [`/video/${stretch?.id}/frames/0`, `/video/${stretch?.id}/frames/1`],
      owner: null,
      is_archived: false,
    });
    const theirs = await clinicVideo(b, b.staff.therapist.user.id);
    expect((await get(`/video/${theirs.id}`, a.staff.therapist.cookie)).statusCode).toBe(404);
    expect((await get('/video/2147483648', a.staff.therapist.cookie)).statusCode).toBe(400);
  });

  it('keeps the defaults of spec §3 for a new video', async () => {
    const a = await clinicWithStaff(t);
    const [row] = await t.db
      .insert(videos)
      .values({ clinicId: a.clinic.id, ownerUserId: a.staff.therapist.user.id })
      .returning();
    const answer = await get(`/video/${row?.id}`, a.staff.therapist.cookie);
    expect(answer.json()).toMatchObject({
      body_parts: 'Other',
      purpose: 'Other',
      position: 'Other',
      title: 'Untitled Video',
      equipment: '-',
      reps: 1,
      sets: 1,
      unhealthy_body_part: '-',
      purpose_of_treatment: '-',
      description: '-',
    });
  });
});

describe('the physical-therapy catalogue', () => {
  const catalogueVideo = async (exerciseId: string) => {
    const [row] = await t.db
      .select()
      .from(videos)
      .where(and(isNull(videos.clinicId), eq(videos.movementId, exerciseId)));
    return row!;
  };

  it('finds an exercise by what clinicians call it, ahead of strength and conditioning', async () => {
    const a = await clinicWithStaff(t);
    const cookie = a.staff.therapist.cookie;
    const first = async (search: string) =>
      results(
        await get(`/video/list?scope=catalogue&search=${encodeURIComponent(search)}`, cookie),
      )[0];
    expect(await first('wall sit')).toMatchObject({
      title: 'Wall squat',
      movement_id: 'wall-squat',
    });
    expect(await first('SLR')).toMatchObject({ title: 'Straight leg raise' });
    expect(await first('clam')).toMatchObject({ title: 'Clamshell' });
    // A typo finds what was meant; a word being typed is not corrected.
    const typo = results(await get('/video/list?search=hamstring%20strech', cookie));
    expect(typo[0]?.title.toLowerCase()).toMatch(/hamstring stretch/);
    expect(await first('hamstr')).toMatchObject({ collection: 'physical-therapy' });
    // A condition finds what is prescribed for it.
    const acl = results(await get('/video/list?scope=catalogue&search=acl', cookie));
    expect(acl.length).toBeGreaterThan(4);
    expect(acl.every((video) => video.collection === 'physical-therapy')).toBe(true);
  });

  it('lists one collection when asked, and refuses one that does not exist', async () => {
    const a = await clinicWithStaff(t);
    const cookie = a.staff.therapist.cookie;
    await clinicVideo(a, a.staff.therapist.user.id, { title: 'Our own heel slide' });
    const pt = await get('/video/list?collection=physical-therapy', cookie);
    // The clinic's own stay listed (they are in no collection); the catalogue half is PT only.
    expect(pt.json().count).toBe(PT_CATALOGUE.length + 1);
    const fitness = results(
      await get('/video/list?scope=catalogue&collection=strength-and-conditioning', cookie),
    );
    expect(fitness.every((video) => video.collection === 'strength-and-conditioning')).toBe(true);
    const bad = await get('/video/list?collection=yoga', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.collection).toMatch(
      /Collection is one of physical-therapy, strength-and-conditioning/,
    );
  });

  it('answers an exercise with its dose, steps, cautions, progressions and sources', async () => {
    const a = await clinicWithStaff(t);
    const wallSquat = await catalogueVideo('wall-squat');
    const answer = await get(`/video/${wallSquat.id}`, a.staff.therapist.cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      title: 'Wall squat',
      collection: 'physical-therapy',
      hold_seconds: 5,
      movement_id: 'wall-squat',
      movement: { view: 'side', counted: { joint: 'kneeFlexion' } },
      frame_urls: [],
      exercise: {
        id: 'wall-squat',
        synonyms: expect.arrayContaining(['wall sit']),
        dose: { sets: 3, reps: 10, holdSeconds: 5 },
        instructions: expect.arrayContaining([expect.any(String)]),
        cautions: expect.arrayContaining([expect.any(String)]),
      },
    });
    // Each progression opens the catalogue video that shows it.
    const links = [...body.exercise.easier, ...body.exercise.harder];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const linked = await get(`/video/${link.video_id}`, a.staff.therapist.cookie);
      expect(linked.json()).toMatchObject({ movement_id: link.id, title: link.name });
    }
    expect(body.exercise.sources[0]).toMatchObject({ url: expect.stringMatching(/^https:/) });
    // A fitness item has no model.
    const [fitness] = results(
      await get(
        '/video/list?scope=catalogue&collection=strength-and-conditioning',
        a.staff.therapist.cookie,
      ),
    );
    expect((await get(`/video/${fitness!.id}`, a.staff.therapist.cookie)).json()).toMatchObject({
      movement: null,
      exercise: null,
    });
  });

  it("lets a clinic's film take a catalogue exercise's model, and refuses an unknown one", async () => {
    const a = await clinicWithStaff(t);
    const film = await clinicVideo(a, a.staff.therapist.user.id, { title: 'Our wall sit' });
    const patch = (payload: Record<string, unknown>) =>
      call(t, {
        method: 'PATCH',
        url: `/video/${film.id}`,
        cookie: a.staff.therapist.cookie,
        payload,
      });

    const taken = await patch({ movement_id: 'wall-squat' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      title: 'Our wall sit',
      source: 'clinic',
      collection: null,
      movement_id: 'wall-squat',
      movement: { counted: { joint: 'kneeFlexion' } },
    });
    const detail = await get(`/video/${film.id}`, a.staff.therapist.cookie);
    expect(detail.json().exercise).toMatchObject({ id: 'wall-squat', name: 'Wall squat' });

    const unknown = await patch({ movement_id: 'wall-sqat' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toMatch(/wall-sqat/);
    expect((await patch({ movement_id: 'Wall Squat' })).statusCode).toBe(400);

    const cleared = await patch({ movement_id: null });
    expect(cleared.json()).toMatchObject({ movement_id: null, movement: null });
  });
});

describe('editing a video', () => {
  it('lets the uploader and the administrator edit, refuses colleagues, the catalogue and bad input', async () => {
    const a = await clinicWithStaff(t);
    const video = await clinicVideo(a, a.staff.therapist.user.id);
    const patch = (cookie: string, payload: Record<string, unknown>, id = video.id) =>
      call(t, { method: 'PATCH', url: `/video/${id}`, cookie, payload });

    const edited = await patch(a.staff.therapist.cookie, {
      title: '  Heel slides, supine ',
      sets: 3,
      reps: 12,
      position: 'Lying on back',
      purpose_of_treatment: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Heel slides, supine',
      sets: 3,
      reps: 12,
      position: 'Lying on back',
      purpose_of_treatment: '-',
    });
    // The new title is found by search at once.
    const found = await get('/video/list?scope=clinic&search=supine', a.staff.therapist.cookie);
    expect(results(found).map((v) => v.id)).toEqual([video.id]);

    expect((await patch(a.staff.admin.cookie, { reps: 10 })).statusCode).toBe(200);
    const colleague = await patch(a.staff.remote_therapist.cookie, { reps: 5 });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().error.message).toContain('uploaded this video');
    expect((await patch(a.staff.manager.cookie, { reps: 5 })).statusCode).toBe(403);

    const bad = await patch(a.staff.therapist.cookie, { sets: 0, title: '', equipment: 'Rope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['equipment', 'sets', 'title']);
    expect((await patch(a.staff.therapist.cookie, {})).statusCode).toBe(400);

    const [catalogue] = await t.db.select().from(videos).where(isNull(videos.clinicId)).limit(1);
    const readOnly = await patch(a.staff.admin.cookie, { reps: 5 }, catalogue?.id);
    expect(readOnly.statusCode).toBe(422);
    expect(readOnly.json().error.message).toContain('Copy this exercise');
  });

  it('copies a catalogue item into the library as the caller’s own, to edit', async () => {
    const a = await clinicWithStaff(t);
    const [source] = await t.db
      .select()
      .from(videos)
      .where(and(isNull(videos.clinicId), eq(videos.externalId, 'Chin_To_Chest_Stretch')));
    const copied = await call(t, {
      method: 'POST',
      url: `/video/${source?.id}/copy`,
      cookie: a.staff.therapist.cookie,
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({
      title: 'Chin To Chest Stretch',
      source: 'clinic',
      is_mine: true,
      can_edit: true,
      frame_urls: [`/video/${copied.json().id}/frames/0`, `/video/${copied.json().id}/frames/1`],
    });
    const again = await call(t, {
      method: 'POST',
      url: `/video/${copied.json().id}/copy`,
      cookie: a.staff.therapist.cookie,
    });
    expect(again.statusCode).toBe(422);
  });
});

describe('deleting videos', () => {
  it("archives a video a patient's program holds, deletes the rest, all or none", async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const held = await clinicVideo(a, a.staff.therapist.user.id);
    const loose = await clinicVideo(a, a.staff.therapist.user.id);
    const theirs = await clinicVideo(b, b.staff.therapist.user.id);
    const patient = await createPatient(t.db, { clinicId: a.clinic.id });
    await t.db
      .insert(hepItems)
      .values({ clinicId: a.clinic.id, patientId: patient.id, videoId: held.id });
    const remove = (cookie: string, ids: number[]) =>
      call(t, { method: 'DELETE', url: '/video/delete', cookie, payload: { videos: ids } });

    const refused = await remove(a.staff.therapist.cookie, [loose.id, theirs.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(`Video ${theirs.id} not found`);
    expect((await get(`/video/${loose.id}`, a.staff.therapist.cookie)).statusCode).toBe(200);
    expect((await remove(a.staff.remote_therapist.cookie, [loose.id])).statusCode).toBe(403);

    // The deleted film goes from storage; the archived one stays for the program.
    for (const video of [held, loose]) {
      await mkdir(path.dirname(path.join(dataDir, video.storageKey ?? '')), { recursive: true });
      await writeFile(path.join(dataDir, video.storageKey ?? ''), 'film');
    }
    const done = await remove(a.staff.therapist.cookie, [held.id, loose.id, held.id]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ deleted: [loose.id], archived: [held.id] });
    expect(existsSync(path.join(dataDir, loose.storageKey ?? ''))).toBe(false);
    expect(existsSync(path.join(dataDir, held.storageKey ?? ''))).toBe(true);
    expect((await get(`/video/${loose.id}`, a.staff.therapist.cookie)).statusCode).toBe(404);
    const archived = await get(`/video/${held.id}`, a.staff.therapist.cookie);
    expect(archived.json()).toMatchObject({ is_archived: true, can_edit: false });
    const listed = await get('/video/list?scope=clinic', a.staff.therapist.cookie);
    expect(listed.json().count).toBe(0);
    // Archived is out of the library: it can no longer be edited or deleted again.
    expect((await remove(a.staff.therapist.cookie, [held.id])).statusCode).toBe(404);

    const [catalogue] = await t.db.select().from(videos).where(isNull(videos.clinicId)).limit(1);
    expect((await remove(a.staff.admin.cookie, [catalogue?.id ?? 0])).statusCode).toBe(422);
    const empty = await remove(a.staff.therapist.cookie, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('videos');
  });
});

describe('folders', () => {
  it('keeps a private folder to its owner and shows a shared one to the clinic', async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const owner = a.staff.therapist;
    const colleague = a.staff.remote_therapist;
    const video = await clinicVideo(a, owner.user.id);
    const [catalogue] = await t.db.select().from(videos).where(isNull(videos.clinicId)).limit(1);

    const created = await call(t, {
      method: 'POST',
      url: '/video/library',
      cookie: owner.cookie,
      payload: { name: '  Knee rehab ' },
    });
    expect(created.statusCode).toBe(201);
    const folder = created.json();
    expect(folder).toMatchObject({
      name: 'Knee rehab',
      is_shared: false,
      is_mine: true,
      videos: [],
    });
    const duplicate = await call(t, {
      method: 'POST',
      url: '/video/library',
      cookie: owner.cookie,
      payload: { name: 'KNEE REHAB' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toHaveProperty('name');

    const added = await call(t, {
      method: 'POST',
      url: '/video/library/bulk',
      cookie: owner.cookie,
      payload: { video_ids: [video.id, catalogue?.id], libraryfolder_ids: [folder.id] },
    });
    expect(added.statusCode).toBe(200);
    // One call adds its videos by id; later calls add after them.
    expect(added.json().results[0].videos).toEqual(
      [video.id, catalogue?.id ?? 0].sort((x, y) => x - y),
    );

    // Private: the colleague, the administrator and another clinic see nothing.
    expect((await get(`/video/library/${folder.id}`, colleague.cookie)).statusCode).toBe(404);
    expect((await get(`/video/library/${folder.id}`, a.staff.admin.cookie)).statusCode).toBe(404);
    expect((await get(`/video/library/${folder.id}`, b.staff.therapist.cookie)).statusCode).toBe(
      404,
    );
    expect((await get('/video/library', colleague.cookie)).json()).toEqual({
      results: [],
      count: 0,
    });
    expect((await get(`/video/list?folder=${folder.id}`, colleague.cookie)).statusCode).toBe(404);

    const shared = await call(t, {
      method: 'POST',
      url: '/video/library/share',
      cookie: owner.cookie,
      payload: { libraryfolder_ids: [folder.id], is_shared: true },
    });
    expect(shared.json().results[0].is_shared).toBe(true);
    const seen = await get('/video/library', colleague.cookie);
    expect(seen.json().results[0]).toMatchObject({
      id: folder.id,
      is_mine: false,
      can_edit: false,
      owner: { id: owner.user.id },
    });
    const inFolder = await get(`/video/list?folder=${folder.id}`, colleague.cookie);
    expect(inFolder.json().count).toBe(2);

    // Seen is not changed: the colleague may not fill, rename or delete it; the admin may.
    const colleagueAdds = await call(t, {
      method: 'POST',
      url: '/video/library/bulk',
      cookie: colleague.cookie,
      payload: { video_ids: [video.id], libraryfolder_ids: [folder.id] },
    });
    expect(colleagueAdds.statusCode).toBe(403);
    const renamed = await call(t, {
      method: 'PATCH',
      url: `/video/library/${folder.id}`,
      cookie: a.staff.admin.cookie,
      payload: { name: 'Knee rehab (ACL)' },
    });
    expect(renamed.json().name).toBe('Knee rehab (ACL)');

    const removed = await call(t, {
      method: 'DELETE',
      url: '/video/library/delete',
      cookie: owner.cookie,
      payload: { video_ids: [video.id], libraryfolder_ids: [folder.id] },
    });
    expect(removed.json().results[0].videos).toEqual([catalogue?.id]);

    const deleted = await call(t, {
      method: 'DELETE',
      url: `/video/library/${folder.id}`,
      cookie: owner.cookie,
    });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await get(`/video/${video.id}`, owner.cookie)).statusCode).toBe(200);
    expect((await get(`/video/library/${folder.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it("refuses another clinic's videos and folders, bad input and office managers", async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const theirVideo = await clinicVideo(b, b.staff.therapist.user.id);
    const folder = (
      await call(t, {
        method: 'POST',
        url: '/video/library',
        cookie: a.staff.therapist.cookie,
        payload: { name: 'Shoulders' },
      })
    ).json();
    const bulk = (payload: Record<string, unknown>, cookie = a.staff.therapist.cookie) =>
      call(t, { method: 'POST', url: '/video/library/bulk', cookie, payload });

    const foreign = await bulk({ video_ids: [theirVideo.id], libraryfolder_ids: [folder.id] });
    expect(foreign.statusCode).toBe(404);
    const theirFolder = (
      await call(t, {
        method: 'POST',
        url: '/video/library',
        cookie: b.staff.therapist.cookie,
        payload: { name: 'Theirs' },
      })
    ).json();
    expect(
      (await bulk({ video_ids: [theirVideo.id], libraryfolder_ids: [theirFolder.id] })).statusCode,
    ).toBe(404);
    const bad = await bulk({ video_ids: [], libraryfolder_ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'libraryfolder_ids.0',
      'video_ids',
    ]);
    const manager = await call(t, {
      method: 'POST',
      url: '/video/library',
      cookie: a.staff.manager.cookie,
      payload: { name: 'Front desk' },
    });
    expect(manager.statusCode).toBe(403);
    const blank = await call(t, {
      method: 'POST',
      url: '/video/library',
      cookie: a.staff.therapist.cookie,
      payload: { name: '   ' },
    });
    expect(blank.json().error.fields).toEqual({ name: 'Folder name is required' });
  });
});

describe('filling folders in bulk', () => {
  it('puts 500 videos into 100 folders in one call', async () => {
    const a = await clinicWithStaff(t);
    const owner = a.staff.therapist;
    const folders = await t.db
      .insert(libraryFolders)
      .values(
        Array.from({ length: 100 }, (_, index) => ({
          clinicId: a.clinic.id,
          ownerUserId: owner.user.id,
          name: `Folder ${index}`,
        })),
      )
      .returning({ id: libraryFolders.id });
    const catalogue = await t.db
      .select({ id: videos.id })
      .from(videos)
      .where(isNull(videos.clinicId))
      .limit(500);
    const added = await call(t, {
      method: 'POST',
      url: '/video/library/bulk',
      cookie: owner.cookie,
      payload: {
        video_ids: catalogue.map((video) => video.id),
        libraryfolder_ids: folders.map((folder) => folder.id),
      },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().results).toHaveLength(100);
    expect(
      added.json().results.every((folder: { videos: number[] }) => folder.videos.length === 500),
    ).toBe(true);
  });
});

describe('analytics', () => {
  it('stores button clicks with who made them; another clinic’s patient is a 404', async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: a.clinic.id });
    const theirs = await createPatient(t.db, { clinicId: b.clinic.id });
    const click = (payload: Record<string, unknown>, url = '/analytics/button-click') =>
      call(t, { method: 'POST', url, cookie: a.staff.manager.cookie, payload });

    const stored = await click({ button_type: 'send_hep', patient: patient.id });
    expect(stored.statusCode).toBe(201);
    const priority = await click(
      { button_type: 'view_list' },
      '/analytics/priority-monitoring-button-click',
    );
    expect(priority.statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.clinicId, a.clinic.id));
    expect(rows.map((row) => [row.kind, row.buttonType, row.patientId, row.userId])).toEqual(
      expect.arrayContaining([
        ['button-click', 'send_hep', patient.id, a.staff.manager.user.id],
        ['priority-monitoring-button-click', 'view_list', null, a.staff.manager.user.id],
      ]),
    );
    expect((await click({ button_type: 'x', patient: theirs.id })).statusCode).toBe(404);
    expect((await click({ button_type: '' })).statusCode).toBe(400);
  });
});
