import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recommendations } from '@homestretch/contract/hep/recommendations';
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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadExerciseCatalogue(t.db);
});
afterAll(async () => {
  await t.close();
});

type Staff = Awaited<ReturnType<typeof clinicWithStaff>>;

const DAY = 24 * 60 * 60 * 1000;
/** A date this many days before the test clock's now, as the record holds it. */
const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

/** The physical-therapy catalogue's videos of these exercises, in this order. */
async function catalogue(...exercises: string[]) {
  const rows = await t.db
    .select({ id: videos.id, title: videos.title, externalId: videos.externalId })
    .from(videos)
    .where(and(isNull(videos.clinicId), inArray(videos.externalId, exercises)));
  expect(rows).toHaveLength(exercises.length);
  return exercises.map((exercise) => {
    const row = rows.find((found) => found.externalId === exercise);
    if (!row) {
      throw new Error(`catalogue exercise ${exercise} missing`);
    }
    return row;
  });
}

async function clinicVideo(
  { clinic, staff }: Staff,
  values: Partial<typeof videos.$inferInsert> = {},
) {
  const fields = {
    title: values.title ?? unique('Our film'),
    bodyParts: 'Knee and thigh',
    purpose: 'Strength',
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
  items: { videoId: number; addedDaysAgo?: number; removed?: boolean }[],
) {
  const patient = await createPatient(t.db, {
    clinicId: clinic.id,
    diagnosis:
      code === 'M5450' ? 'Low back pain, unspecified' : 'Presence of right artificial knee joint',
    selectedCode: code,
  });
  if (items.length > 0) {
    await t.db.insert(hepItems).values(
      items.map((item, index) => ({
        clinicId: clinic.id,
        patientId: patient.id,
        videoId: item.videoId,
        sets: 2,
        reps: 10,
        order: index + 1,
        createdAt: daysAgo(item.addedDaysAgo ?? 0),
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
    diagnosis_name: 'Z96.651',
    onboarded_at: daysAgo(8).toISOString(),
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
  it("reads the code's condition and the phase, and says why each exercise in a line", async () => {
    const a = await clinicWithStaff(t);
    const answer = await ok(await recommendations(a, {}));
    expect(answer).toMatchObject({
      code: 'Z96651',
      condition: 'knee-replacement',
      region: 'Knee and thigh',
      phase: 'early',
      week: 2,
      explanation:
        'Z96.651: Knee replacement, week 2, early phase (middle from week 4, late from week 8).',
    });
    expect(answer.videos.length).toBeGreaterThanOrEqual(10);
    const heelSlide = answer.videos.find((video) => video.movement_id === 'heel-slide');
    expect(heelSlide).toMatchObject({
      title: 'Heel slide',
      source: 'catalogue',
      condition: 'knee-replacement',
      phase: 'early',
      reason: 'Knee replacement, week 2: early phase — knee range of motion',
      reasons: ['Knee replacement, week 2: early phase — knee range of motion'],
    });
    expect(heelSlide?.movement?.posture).toBe('supine');
    // Every one is of the condition and the phase.
    expect(answer.videos.every((video) => video.condition === 'knee-replacement')).toBe(true);
    expect(
      answer.videos.every((video) =>
        video.reason.startsWith('Knee replacement, week 2: early phase'),
      ),
    ).toBe(true);
  });

  it('takes the code typed or in words, and explains a code without a condition', async () => {
    const a = await clinicWithStaff(t);
    const typed = await ok(
      await recommendations(a, {
        diagnosis_name: 'm54.50',
        onboarded_at: daysAgo(30).toISOString().slice(0, 10),
      }),
    );
    expect(typed).toMatchObject({
      code: 'M5450',
      condition: 'low-back-pain',
      phase: 'middle',
      week: 5,
    });
    const worded = await ok(await recommendations(a, { diagnosis_name: 'CERVICALGIA' }));
    expect(worded).toMatchObject({ code: 'M542', condition: 'neck-pain' });

    const region = await ok(await recommendations(a, { diagnosis_name: 'M25.561' }));
    expect(region).toMatchObject({ code: 'M25561', condition: null, region: 'Knee and thigh' });
    expect(region.explanation).toBe(
      'M25.561 names no condition of the catalogue: exercises for the knee, week 2, early phase.',
    );
    expect(region.videos[0]?.reason).toMatch(/^M25\.561 \(knee\), week 2: early phase — /);
    expect(region.videos.every((video) => video.condition === null)).toBe(true);

    const aftercare = await ok(await recommendations(a, { diagnosis_name: 'Z47.1' }));
    expect(aftercare).toMatchObject({ code: 'Z471', condition: null, region: null, videos: [] });
    const unknown = await ok(await recommendations(a, { diagnosis_name: 'Something rare' }));
    expect(unknown).toMatchObject({ code: null, condition: null, phase: 'early', videos: [] });
    expect(unknown.explanation).toBe(
      'No diagnosis code was found for this diagnosis: choose the exercises from the library.',
    );
  });

  it('follows the repair protocol: a rotator cuff repair is early until week 7', async () => {
    const a = await clinicWithStaff(t);
    const at = async (days: number) =>
      ok(
        await recommendations(a, {
          diagnosis_name: 'M75.111',
          onboarded_at: daysAgo(days).toISOString(),
        }),
      );
    expect((await at(41)).phase).toBe('early');
    expect((await at(42)).phase).toBe('middle');
    expect((await at(84)).phase).toBe('late');
  });

  it('leaves out what the program holds, and brings up what comes after what the patient has done for a while', async () => {
    const a = await clinicWithStaff(t);
    const [quadSet, heelSlide, slr] = await catalogue(
      'quad-set',
      'heel-slide',
      'straight-leg-raise',
    );
    if (!quadSet || !heelSlide || !slr) {
      throw new Error('catalogue missing');
    }
    const patient = await patientWithProgram(a, 'Z96651', [
      { videoId: quadSet.id, addedDaysAgo: 15 },
      { videoId: heelSlide.id, addedDaysAgo: 15 },
      { videoId: slr.id, addedDaysAgo: 15, removed: true },
    ]);
    const answer = await ok(
      await recommendations(a, {
        patient_id: String(patient.id),
        onboarded_at: daysAgo(16).toISOString(),
      }),
    );
    const ids = answer.videos.map((video) => video.movement_id);
    expect(ids).not.toContain('quad-set');
    expect(ids).not.toContain('heel-slide');
    // Quad set for two weeks: its harder versions lead, straight leg raise (removed) among them.
    expect(answer.videos[0]).toMatchObject({
      reason: 'Progression of Quad set, done for 2 weeks',
    });
    expect(
      answer.videos
        .slice(0, 3)
        .map((video) => video.movement_id)
        .sort(),
    ).toEqual(['short-arc-quad', 'straight-leg-raise', 'terminal-knee-extension']);
    expect(answer.videos[0]?.reasons[1]).toMatch(/^Knee replacement, week 3: early phase — /);
  });

  it("takes the clinic's own film of an exercise in its place, never another clinic's or an archived one", async () => {
    const a = await clinicWithStaff(t);
    const b = await clinicWithStaff(t);
    const ours = await clinicVideo(a, { title: 'Heel slide in our gym', movementId: 'heel-slide' });
    const theirs = await clinicVideo(b, { movementId: 'quad-set' });
    const archived = await clinicVideo(a, { movementId: 'ankle-pumps', archivedAt: new Date() });
    const untagged = await clinicVideo(a, { title: 'Knee bends' });
    const answer = await ok(await recommendations(a, {}));
    const slides = answer.videos.filter((video) => video.movement_id === 'heel-slide');
    expect(slides).toEqual([
      expect.objectContaining({
        id: ours.id,
        source: 'clinic',
        video_url: `/video/${ours.id}/file`,
        reason: 'Knee replacement, week 2: early phase — knee range of motion',
      }),
    ]);
    const ids = answer.videos.map((video) => video.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(untagged.id);
    expect(answer.videos.filter((video) => video.movement_id === 'ankle-pumps')).toEqual([
      expect.objectContaining({ source: 'catalogue' }),
    ]);
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
    const [first, second] = await catalogue('pelvic-tilt', 'cat-camel');
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
    const [first] = await catalogue('pelvic-tilt');
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
