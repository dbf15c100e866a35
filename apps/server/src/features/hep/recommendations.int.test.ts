import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recommendations } from '@homestretch/contract/hep/recommendations';
import type { BodyPart, Level } from '@homestretch/contract/library/video';
import { analyticsEvents, hepItems, videos } from '../../db/schema';
import { loadExerciseCatalogue } from '../library/library.api';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  unique,
} from '../../test/harness';
import { videoSearchVector } from '../library/library.api';
import { CATALOGUE_AREAS } from './catalogue-areas';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadExerciseCatalogue(t.db);
});
afterAll(async () => {
  await t.close();
});

type Staff = Awaited<ReturnType<typeof clinicWithStaff>>;

const LOW_BACK_PAIN = 'Low back pain, unspecified';
const DAY = 24 * 60 * 60 * 1000;
/** An onboarding this many days before the test clock's now, as the record holds it. */
const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY).toISOString();

/** The catalogue entries that work the low back (catalogue-areas.ts). */
const LOW_BACK = Object.keys(CATALOGUE_AREAS).filter((id) => CATALOGUE_AREAS[id] === 'low back');

/**
 * Catalogue exercises picked for PT (with photos) of a region and level, by title; of the back,
 * those of the low back.
 */
async function catalogue(bodyParts: BodyPart, level: Level, count: number) {
  const rows = await t.db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(
      and(
        isNull(videos.clinicId),
        eq(videos.bodyParts, bodyParts),
        eq(videos.level, level),
        bodyParts === 'Back' ? inArray(videos.externalId, LOW_BACK) : undefined,
        sql`cardinality(${videos.frameKeys}) > 0`,
      ),
    )
    .orderBy(sql`lower(${videos.title})`)
    .limit(count);
  expect(rows).toHaveLength(count);
  return rows;
}

async function clinicVideo(
  { clinic, staff }: Staff,
  values: Partial<typeof videos.$inferInsert> = {},
) {
  const fields = {
    title: values.title ?? unique('Bird dog'),
    bodyParts: 'Back',
    purpose: 'Mobility',
    equipment: 'None',
  } as const;
  const [row] = await t.db
    .insert(videos)
    .values({
      clinicId: clinic.id,
      ownerUserId: staff.therapist.user.id,
      status: 'ready',
      storageKey: `videos/${unique('file')}.mp4`,
      ...fields,
      ...values,
      searchVector: videoSearchVector(fields),
    })
    .returning();
  if (!row) {
    throw new Error('video not created');
  }
  return row;
}

/** A patient with the diagnosis whose program holds these videos (removed ones too). */
async function patientWithProgram(
  { clinic }: Staff,
  code: string,
  items: { videoId: number; sets?: number; reps?: number; removed?: boolean }[],
) {
  const patient = await createPatient(t.db, {
    clinicId: clinic.id,
    diagnosis: code === 'M5450' ? LOW_BACK_PAIN : 'Cervicalgia',
    selectedCode: code,
  });
  if (items.length > 0) {
    await t.db.insert(hepItems).values(
      items.map((item, index) => ({
        clinicId: clinic.id,
        patientId: patient.id,
        videoId: item.videoId,
        sets: item.sets ?? 2,
        reps: item.reps ?? 10,
        order: index + 1,
        deletedAt: item.removed ? new Date() : null,
      })),
    );
  }
  return patient;
}

function recommendations(
  a: Staff,
  query: Record<string, string>,
  cookie = a.staff.therapist.cookie,
) {
  const params = new URLSearchParams({
    diagnosis_name: LOW_BACK_PAIN,
    onboarded_at: daysAgo(3),
    therapist_id: String(a.staff.therapist.user.id),
    ...query,
  });
  return call(t, { method: 'GET', url: `/video/recommendations?${params}`, cookie });
}

async function ok(response: Awaited<ReturnType<typeof recommendations>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Recommendations;
}

describe('GET /video/recommendations', () => {
  it('ranks what the clinic prescribes for the code first, then the region, then the level, and says why', async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const [shoulder] = await catalogue('Shoulder', 'beginner', 1);
    const [backFirst, backSecond] = await catalogue('Back', 'beginner', 2);
    const [backIntermediate] = await catalogue('Back', 'intermediate', 1);
    if (!shoulder || !backFirst || !backSecond || !backIntermediate) {
      throw new Error('catalogue missing');
    }
    // Three of the clinic's low-back patients hold the shoulder exercise (one of them removed
    // since: still prescribed), one holds an intermediate back exercise; a neck patient and another
    // clinic's low-back patients do not count.
    await patientWithProgram(a, 'M5450', [{ videoId: shoulder.id, sets: 3, reps: 12 }]);
    await patientWithProgram(a, 'M5450', [{ videoId: shoulder.id, sets: 3, reps: 12 }]);
    await patientWithProgram(a, 'M5450', [
      { videoId: shoulder.id, sets: 1, reps: 5, removed: true },
      { videoId: backIntermediate.id },
    ]);
    await patientWithProgram(a, 'M542', [{ videoId: backSecond.id }]);
    for (let index = 0; index < 4; index += 1) {
      await patientWithProgram(b, 'M5450', [{ videoId: backSecond.id }]);
    }
    const theirs = await clinicVideo(b, { title: 'Their back video' });
    const archived = await clinicVideo(a, { archivedAt: new Date() });
    const uploading = await clinicVideo(a, { status: 'processing' });
    // The clinic's copy of a beginner exercise: a tie with the catalogue's goes to the clinic.
    const ours = await clinicVideo(a, { title: 'Zz our lumbar rotations', level: 'beginner' });

    const answer = await ok(await recommendations(a, {}));
    expect(answer).toMatchObject({ phase: 'early', region: 'Back', code: 'M5450' });
    expect(answer.videos.length).toBeLessThanOrEqual(12);
    const [first, second, third] = answer.videos;
    expect(first).toMatchObject({
      id: shoulder.id,
      source: 'catalogue',
      sets: 3,
      reps: 12,
      reasons: [
        "Prescribed for 3 of your clinic's M54.50 patients",
        'Beginner level suits the early phase (week 1)',
      ],
    });
    expect(first?.frame_urls).toEqual([
      `/video/${shoulder.id}/frames/0`,
      `/video/${shoulder.id}/frames/1`,
    ]);
    expect(second).toMatchObject({
      id: backIntermediate.id,
      reasons: [
        "Prescribed for 1 of your clinic's M54.50 patients",
        'Back (lumbar) — matches the diagnosis',
      ],
    });
    // Then region and level: the clinic's own first, then the catalogue's, by title.
    const regionAndLevel = [
      'Back (lumbar) — matches the diagnosis',
      'Beginner level suits the early phase (week 1)',
    ];
    expect(third).toMatchObject({
      id: ours.id,
      source: 'clinic',
      video_url: `/video/${ours.id}/file`,
      reasons: [
        "Filed under Back, the diagnosis' region",
        'Beginner level suits the early phase (week 1)',
      ],
    });
    expect(answer.videos[3]).toMatchObject({ id: backFirst.id, reasons: regionAndLevel });
    expect(answer.videos[4]).toMatchObject({ id: backSecond.id, reasons: regionAndLevel });
    const ids = answer.videos.map((video) => video.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(uploading.id);
  });

  it('takes the phase from the onboarding date, and the code typed or in words', async () => {
    const a = await clinicWithStaff(t);
    const phaseOf = async (onboarded_at: string) =>
      (await ok(await recommendations(a, { onboarded_at }))).phase;
    expect(await phaseOf(daysAgo(20))).toBe('early');
    expect(await phaseOf(daysAgo(21))).toBe('middle');
    expect(await phaseOf(daysAgo(48))).toBe('middle');
    expect(await phaseOf(daysAgo(49))).toBe('late');
    expect(await phaseOf(daysAgo(-10))).toBe('early');
    expect(await phaseOf(daysAgo(30).slice(0, 10))).toBe('middle');

    const late = await ok(await recommendations(a, { onboarded_at: daysAgo(60) }));
    expect(late.videos[0]?.reasons).toEqual([
      'Back (lumbar) — matches the diagnosis',
      'Intermediate level suits the late phase (week 9)',
    ]);

    const typed = await ok(await recommendations(a, { diagnosis_name: 'm54.2' }));
    expect(typed).toMatchObject({ code: 'M542', region: 'Neck' });
    expect(typed.videos[0]?.reasons[0]).toBe('Neck (cervical) — matches the diagnosis');
    const worded = await ok(await recommendations(a, { diagnosis_name: 'CERVICALGIA' }));
    expect(worded).toMatchObject({ code: 'M542', region: 'Neck' });

    // The clinic's own words for a diagnosis: the code its patients with it carry.
    await createPatient(t.db, {
      clinicId: a.clinic.id,
      diagnosis: 'Sore knee after skiing',
      selectedCode: 'M25561',
    });
    const own = await ok(await recommendations(a, { diagnosis_name: 'sore knee after skiing' }));
    expect(own).toMatchObject({ code: 'M25561', region: 'Knee and thigh' });

    // Words no one knows: no code, no region; the phase's levels still recommend.
    const unknown = await ok(await recommendations(a, { diagnosis_name: 'Something rare' }));
    expect(unknown).toMatchObject({ code: null, region: null, phase: 'early' });
    expect(unknown.videos).toHaveLength(12);
    expect(unknown.videos.every((video) => video.level === 'beginner')).toBe(true);
  });

  it("leaves out what the patient's program holds now, not what was removed from it", async () => {
    const a = await clinicWithStaff(t);
    const [held, removed] = await catalogue('Back', 'beginner', 2);
    if (!held || !removed) {
      throw new Error('catalogue missing');
    }
    const patient = await patientWithProgram(a, 'M5450', [
      { videoId: held.id },
      { videoId: removed.id, removed: true },
    ]);
    const answer = await ok(await recommendations(a, { patient_id: String(patient.id) }));
    const ids = answer.videos.map((video) => video.id);
    expect(ids).not.toContain(held.id);
    expect(ids).toContain(removed.id);
    // Without the patient, both are there (prescribed for one patient each).
    const all = (await ok(await recommendations(a, {}))).videos.map((video) => video.id);
    expect(all.slice(0, 2).sort()).toEqual([held.id, removed.id].sort());
  });

  it("answers 404 for another clinic's patient or therapist, 403 to an office manager, 400 for a bad query", async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const theirPatient = await patientWithProgram(b, 'M5450', []);
    const otherPatient = await recommendations(a, { patient_id: String(theirPatient.id) });
    expect(otherPatient.statusCode).toBe(404);
    expect(otherPatient.json().error.message).toBe('Patient not found');
    const otherTherapist = await recommendations(a, {
      therapist_id: String(b.staff.therapist.user.id),
    });
    expect(otherTherapist.statusCode).toBe(404);
    expect(otherTherapist.json().error.message).toBe('Therapist not found');

    expect((await recommendations(a, {}, a.staff.manager.cookie)).statusCode).toBe(403);
    expect((await recommendations(a, {}, a.staff.supervisor.cookie)).statusCode).toBe(200);
    expect((await recommendations(a, {}, a.staff.remote_therapist.cookie)).statusCode).toBe(200);
    expect((await call(t, { method: 'GET', url: '/video/recommendations' })).statusCode).toBe(401);

    const missing = await call(t, {
      method: 'GET',
      url: `/video/recommendations?therapist_id=${a.staff.therapist.user.id}`,
      cookie: a.staff.therapist.cookie,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual([
      'diagnosis_name',
      'onboarded_at',
    ]);
    const bad = await recommendations(a, {
      diagnosis_name: '  ',
      onboarded_at: 'last tuesday',
      therapist_id: 'dana',
      patient_id: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'diagnosis_name',
      'onboarded_at',
      'patient_id',
      'therapist_id',
    ]);
  });
});

describe('the HEP analytics calls', () => {
  const post = (url: string, cookie: string, payload: Record<string, unknown>) =>
    call(t, { method: 'POST', url, cookie, payload });

  it('stores a recommendation interaction and a program send with what they name', async () => {
    const a = await clinicWithStaff(t);
    const patient = await patientWithProgram(a, 'M5450', []);
    const [first, second] = await catalogue('Back', 'beginner', 2);
    const ours = await clinicVideo(a, { archivedAt: new Date() });
    if (!first || !second) {
      throw new Error('catalogue missing');
    }
    const interaction = await post(
      '/analytics/video-recommendation-interaction',
      a.staff.therapist.cookie,
      { patient: patient.id, video: first.id, phase: 'early', interaction_type: 'play' },
    );
    expect(interaction.statusCode, interaction.body).toBe(201);
    const send = await post('/analytics/hep-send-event', a.staff.remote_therapist.cookie, {
      patient: patient.id,
      recommended_videos: [first.id, second.id],
      sent_videos: [first.id, ours.id],
      phase: 'early',
      is_smart_monitoring: true,
    });
    expect(send.statusCode, send.body).toBe(201);

    const stored = await t.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.clinicId, a.clinic.id))
      .orderBy(desc(analyticsEvents.id));
    expect(stored.map((row) => [row.kind, row.userId, row.patientId])).toEqual([
      ['hep-send-event', a.staff.remote_therapist.user.id, patient.id],
      ['video-recommendation-interaction', a.staff.therapist.user.id, patient.id],
    ]);
    expect(stored[0]?.payload).toEqual({
      patient: patient.id,
      recommended_videos: [first.id, second.id],
      sent_videos: [first.id, ours.id],
      phase: 'early',
      is_smart_monitoring: true,
    });
    expect(stored[1]?.payload).toEqual({
      patient: patient.id,
      video: first.id,
      phase: 'early',
      interaction_type: 'play',
      is_smart_monitoring: false,
    });
  });

  it("refuses another clinic's patient or video naming it, and bad input", async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const patient = await patientWithProgram(a, 'M5450', []);
    const theirPatient = await patientWithProgram(b, 'M5450', []);
    const [first] = await catalogue('Back', 'beginner', 1);
    const theirs = await clinicVideo(b);
    if (!first) {
      throw new Error('catalogue missing');
    }
    const cookie = a.staff.manager.cookie;
    const interaction = (payload: Record<string, unknown>) =>
      post('/analytics/video-recommendation-interaction', cookie, {
        patient: patient.id,
        video: first.id,
        phase: 'middle',
        interaction_type: 'add',
        ...payload,
      });
    expect((await interaction({})).statusCode).toBe(201);
    const otherPatient = await interaction({ patient: theirPatient.id });
    expect(otherPatient.statusCode).toBe(404);
    const otherVideo = await interaction({ video: theirs.id });
    expect(otherVideo.statusCode).toBe(404);
    expect(otherVideo.json().error.message).toBe(`Video ${theirs.id} not found`);
    const badKind = await interaction({ interaction_type: 'like', phase: 'soon' });
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json().error.fields).sort()).toEqual(['interaction_type', 'phase']);

    const send = (payload: Record<string, unknown>) =>
      post('/analytics/hep-send-event', cookie, {
        patient: patient.id,
        recommended_videos: [first.id],
        sent_videos: [first.id],
        phase: 'late',
        ...payload,
      });
    const sentTheirs = await send({ recommended_videos: [first.id, theirs.id, 2_000_000_000] });
    expect(sentTheirs.statusCode).toBe(404);
    expect(sentTheirs.json().error.message).toBe(`Video ${theirs.id} not found`);
    const empty = await send({ sent_videos: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      sent_videos: 'sent_videos names at least one video',
    });
    const stored = await t.db
      .select({ kind: analyticsEvents.kind })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.clinicId, a.clinic.id));
    expect(stored).toEqual([{ kind: 'video-recommendation-interaction' }]);
  });
});
