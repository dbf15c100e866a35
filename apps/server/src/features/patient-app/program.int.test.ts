import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, hepCompletions, hepItems, hepPatientRequests, videos } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

const HOUR = 3_600_000;

/** A patient signed in to the app, treated by the clinic's therapist. */
async function appPatient(clinicId: number, therapistId: number) {
  const user = await createUser(t.db, { clinicId, role: 'patient' });
  const patient = await createPatient(t.db, { clinicId, userId: user.id }, [therapistId]);
  return { patient, cookie: await sessionCookie(t, user.id) };
}

async function addItem(
  clinicId: number,
  patientId: number,
  videoId: number,
  values: Partial<typeof hepItems.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(hepItems)
    .values({
      clinicId,
      patientId,
      videoId,
      sets: 3,
      reps: 10,
      createdAt: new Date('2026-10-20T14:00:00Z'),
      updatedAt: new Date('2026-10-20T14:00:00Z'),
      ...values,
    })
    .returning();
  return row!;
}

async function tick(
  clinicId: number,
  patientId: number,
  hepItemId: number,
  day: string,
  sets: number,
) {
  await t.db
    .insert(hepCompletions)
    .values({ clinicId, patientId, hepItemId, completedOn: day, setsDone: sets });
}

/**
 * The test clock is 2026-11-02T15:00Z, 10:00 on Monday in New York. A catalogue exercise with
 * photos and a clinic film, a removed item, and the last three days done in full.
 */
async function programSetUp() {
  const { clinic, staff } = await clinicWithStaff(t);
  const { patient, cookie } = await appPatient(clinic.id, staff.therapist.user.id);
  const [catalogue] = await t.db
    .insert(videos)
    .values({ title: 'Bridge', frameKeys: ['bridge-1.jpg', 'bridge-2.jpg'], level: 'beginner' })
    .returning();
  const [film] = await t.db
    .insert(videos)
    .values({ clinicId: clinic.id, title: 'Heel slides', storageKey: 'films/heel.mp4' })
    .returning();
  const [gone] = await t.db
    .insert(videos)
    .values({ clinicId: clinic.id, title: 'Clamshells' })
    .returning();
  const slides = await addItem(clinic.id, patient.id, film!.id, {
    order: 2,
    sets: 2,
    description: 'Slow and steady',
    updatedAt: new Date('2026-10-30T16:00:00Z'),
  });
  const bridge = await addItem(clinic.id, patient.id, catalogue!.id, { order: 1 });
  const removed = await addItem(clinic.id, patient.id, gone!.id, {
    order: 3,
    deletedAt: new Date('2026-10-25T16:00:00Z'),
  });
  for (const day of ['2026-10-30', '2026-10-31', '2026-11-01']) {
    await tick(clinic.id, patient.id, bridge.id, day, 3);
    await tick(clinic.id, patient.id, slides.id, day, 2);
  }
  await tick(clinic.id, patient.id, bridge.id, '2026-11-02', 1);
  return { clinic, staff, patient, cookie, bridge, slides, removed };
}

const getProgram = (cookie: string) => call(t, { method: 'GET', url: '/app-api/program', cookie });
const putProgress = (cookie: string, hepId: number, payload: object) =>
  call(t, { method: 'PUT', url: `/app-api/program/${hepId}/progress`, cookie, payload });

describe("today's program: GET /app-api/program", () => {
  it("answers the patient's own program in order, with today's ticks, the week and the streak", async () => {
    const { patient, cookie, bridge, slides, staff } = await programSetUp();
    const response = await getProgram(cookie);
    expect(response.statusCode).toBe(200);
    const program = response.json();
    expect(program.today).toBe('2026-11-02');
    expect(program.items.map((item: { id: number }) => item.id)).toEqual([bridge.id, slides.id]);
    expect(program.items[0]).toMatchObject({
      sets: 3,
      reps: 10,
      sets_done: 1,
      video: {
        title: 'Bridge',
        source: 'catalogue',
        video_url: null,
        frame_urls: [`/video/${bridge.videoId}/frames/0`, `/video/${bridge.videoId}/frames/1`],
      },
    });
    expect(program.items[1]).toMatchObject({
      sets: 2,
      sets_done: 0,
      description: 'Slow and steady',
      video: { title: 'Heel slides', source: 'clinic', video_url: `/video/${slides.videoId}/file` },
    });
    // Monday: the week starts today, as the therapist's weekly progress does; the rest is to come.
    expect(program.week).toEqual([
      { date: '2026-11-02', complete: false, active: true },
      { date: '2026-11-03', complete: false, active: false },
      { date: '2026-11-04', complete: false, active: false },
      { date: '2026-11-05', complete: false, active: false },
      { date: '2026-11-06', complete: false, active: false },
      { date: '2026-11-07', complete: false, active: false },
      { date: '2026-11-08', complete: false, active: false },
    ]);
    // 5 sets asked a day for 7 days; 5 + 5 + 5 + 1 ticked.
    expect(program.adherence_percent).toBe(Math.round((100 * 16) / 35));
    expect(program.streak_days).toBe(3);
    expect(program.updated_at).toBe('2026-10-30T16:00:00.000Z');
    expect(program.therapist).toEqual({
      first_name: staff.therapist.user.firstName,
      last_name: staff.therapist.user.lastName,
    });
    expect(program.items.map((item: { hold_seconds: number | null }) => item.hold_seconds)).toEqual(
      [null, null],
    );
    expect(program.pain_today).toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient_app.program_read'), eq(auditLog.patientId, patient.id)),
      );
    expect(audits).toHaveLength(1);
  });

  it('carries the hold the therapist set for an exercise', async () => {
    const { cookie, slides } = await programSetUp();
    await t.db.update(hepItems).set({ holdSeconds: 3 }).where(eq(hepItems.id, slides.id));
    const program = (await getProgram(cookie)).json();
    expect(program.items.map((item: { hold_seconds: number | null }) => item.hold_seconds)).toEqual(
      [null, 3],
    );
  });

  it("says today's last pain rating, on the clinic's day, so a reload does not ask again", async () => {
    const { cookie } = await programSetUp();
    const rate = (id: string, recordedAt: string, level: number) =>
      call(t, {
        method: 'POST',
        url: '/app-api/health/samples',
        cookie,
        payload: { samples: [{ id, type: 'pain', recorded_at: recordedAt, level }] },
      });
    // 22:00 on Sunday in New York: yesterday, though it is 2 November in UTC.
    expect((await rate('pain-sunday', '2026-11-02T03:00:00Z', 6)).statusCode).toBe(200);
    expect((await getProgram(cookie)).json().pain_today).toBeNull();

    expect((await rate('pain-morning', '2026-11-02T13:10:00Z', 5)).statusCode).toBe(200);
    expect((await rate('pain-later', '2026-11-02T14:30:00Z', 3)).statusCode).toBe(200);
    expect((await getProgram(cookie)).json().pain_today).toEqual({
      level: 3,
      recorded_at: '2026-11-02T14:30:00.000Z',
    });
  });

  it('answers an empty program for a patient without one', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const { cookie } = await appPatient(clinic.id, staff.therapist.user.id);
    const response = await getProgram(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      items: [],
      adherence_percent: 0,
      streak_days: 0,
      updated_at: null,
    });
    expect(response.json().week).toHaveLength(7);
  });

  it('refuses staff and callers who are not signed in', async () => {
    const { staff } = await clinicWithStaff(t);
    expect((await getProgram(staff.therapist.cookie)).statusCode).toBe(403);
    expect((await getProgram(staff.admin.cookie)).statusCode).toBe(403);
    expect((await call(t, { method: 'GET', url: '/app-api/program' })).statusCode).toBe(401);
  });
});

describe('ticking sets: PUT /app-api/program/{hepId}/progress', () => {
  it("stores today's count, the same again changing nothing, and shows it in the program", async () => {
    const { patient, cookie, slides } = await programSetUp();
    const first = await putProgress(cookie, slides.id, { sets_done: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: slides.id, sets_done: 1, sets: 2 });
    expect((await putProgress(cookie, slides.id, { sets_done: 2 })).statusCode).toBe(200);
    expect((await putProgress(cookie, slides.id, { sets_done: 2 })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(hepCompletions)
      .where(
        and(eq(hepCompletions.hepItemId, slides.id), eq(hepCompletions.completedOn, '2026-11-02')),
      );
    expect(rows.map((row) => row.setsDone)).toEqual([2]);
    const program = (await getProgram(cookie)).json();
    expect(program.items[1].sets_done).toBe(2);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient_app.progress'), eq(auditLog.patientId, patient.id)));
    expect(audits).toHaveLength(3);
  });

  it("counts ticks on the clinic's date, not the server's", async () => {
    // 02:30 on Tuesday in UTC is still Monday evening in New York.
    t.clock.advance(11.5 * HOUR);
    try {
      const { cookie, bridge } = await programSetUp();
      expect((await putProgress(cookie, bridge.id, { sets_done: 3 })).statusCode).toBe(200);
      const rows = await t.db
        .select()
        .from(hepCompletions)
        .where(and(eq(hepCompletions.hepItemId, bridge.id), eq(hepCompletions.setsDone, 3)));
      expect(rows.map((row) => row.completedOn).sort()).toEqual([
        '2026-10-30',
        '2026-10-31',
        '2026-11-01',
        '2026-11-02',
      ]);
      const program = (await getProgram(cookie)).json();
      expect(program.today).toBe('2026-11-02');
      expect(program.items[0].sets_done).toBe(3);
    } finally {
      t.clock.advance(-11.5 * HOUR);
    }
  });

  it('says done on the staff side only once every set of an exercise is ticked', async () => {
    const { staff, patient, cookie, bridge, slides } = await programSetUp();
    const today = async () => {
      const response = await call(t, {
        method: 'GET',
        url: `/user/therapist/dashboard/progress/${patient.id}`,
        cookie: staff.therapist.cookie,
      });
      return response.json().days.find((day: { date: string }) => day.date === '2026-11-02');
    };
    // The bridge has 1 of 3 sets ticked.
    expect((await today()).exercises_done).toBe(0);
    await putProgress(cookie, bridge.id, { sets_done: 3 });
    await putProgress(cookie, slides.id, { sets_done: 2 });
    expect((await today()).exercises_done).toBe(2);
    await putProgress(cookie, slides.id, { sets_done: 0 });
    expect((await today()).exercises_done).toBe(1);
  });

  it('refuses more sets than the exercise has with 422, and bad counts with 400', async () => {
    const { cookie, slides } = await programSetUp();
    const over = await putProgress(cookie, slides.id, { sets_done: 3 });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.fields).toEqual({ sets_done: 'At most 2' });
    for (const payload of [{ sets_done: -1 }, { sets_done: 1.5 }, { sets_done: 'two' }, {}]) {
      const response = await putProgress(cookie, slides.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('sets_done');
    }
    expect((await putProgress(cookie, 0, { sets_done: 1 })).statusCode).toBe(400);
  });

  it("answers 404 for another patient's item, a removed one and one that does not exist", async () => {
    const { clinic, staff, cookie, removed } = await programSetUp();
    const other = await programSetUp();
    const sameClinicOther = await appPatient(clinic.id, staff.therapist.user.id);
    const [video] = await t.db.insert(videos).values({ title: 'Wall sit' }).returning();
    const neighbour = await addItem(clinic.id, sameClinicOther.patient.id, video!.id);
    for (const hepId of [other.bridge.id, neighbour.id, removed.id, 2_000_000_000]) {
      const response = await putProgress(cookie, hepId, { sets_done: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Exercise not found');
    }
    const untouched = await t.db
      .select()
      .from(hepCompletions)
      .where(eq(hepCompletions.hepItemId, neighbour.id));
    expect(untouched).toEqual([]);
  });

  it('refuses staff, even for an item of their own patient', async () => {
    const { staff, slides } = await programSetUp();
    const response = await putProgress(staff.therapist.cookie, slides.id, { sets_done: 1 });
    expect(response.statusCode).toBe(403);
  });
});

describe('ask my therapist: POST /video/hep_request/create', () => {
  const ask = (cookie: string, payload: object) =>
    call(t, { method: 'POST', url: '/video/hep_request/create', cookie, payload });

  it("stores the patient's question for their own record", async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const { patient, cookie } = await appPatient(clinic.id, staff.therapist.user.id);
    const response = await ask(cookie, { request_content: '  Can I do the bridge twice a day?  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      request_content: 'Can I do the bridge twice a day?',
      created_at: '2026-11-02T15:00:00.000Z',
      resolved_at: null,
      resolved_by: null,
    });
    const [row] = await t.db
      .select()
      .from(hepPatientRequests)
      .where(eq(hepPatientRequests.id, response.json().id));
    expect(row).toMatchObject({ clinicId: clinic.id, patientId: patient.id });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient_app.hep_request'), eq(auditLog.patientId, patient.id)),
      );
    expect(audits).toHaveLength(1);
  });

  it('refuses an empty or overlong question with 400', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const { cookie } = await appPatient(clinic.id, staff.therapist.user.id);
    for (const payload of [{ request_content: '   ' }, { request_content: 'x'.repeat(2001) }, {}]) {
      const response = await ask(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('request_content');
    }
  });

  it('takes five questions an hour from a patient', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const { patient, cookie } = await appPatient(clinic.id, staff.therapist.user.id);
    const other = await appPatient(clinic.id, staff.therapist.user.id);
    for (let index = 0; index < 5; index += 1) {
      expect((await ask(cookie, { request_content: `Question ${index}` })).statusCode).toBe(201);
    }
    const sixth = await ask(cookie, { request_content: 'One more' });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another patient is counted on their own.
    expect((await ask(other.cookie, { request_content: 'Mine' })).statusCode).toBe(201);
    t.clock.advance(HOUR);
    try {
      const later = await sessionCookie(t, patient.userId!);
      expect((await ask(later, { request_content: 'Next hour' })).statusCode).toBe(201);
    } finally {
      t.clock.advance(-HOUR);
    }
    const stored = await t.db
      .select()
      .from(hepPatientRequests)
      .where(eq(hepPatientRequests.patientId, patient.id));
    expect(stored).toHaveLength(6);
  });

  it('refuses staff: questions come from patients', async () => {
    const { staff } = await clinicWithStaff(t);
    for (const role of ['therapist', 'admin', 'supervisor'] as const) {
      const response = await ask(staff[role].cookie, { request_content: 'Hello' });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/video/hep_request/create',
          payload: { request_content: 'Hello' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
