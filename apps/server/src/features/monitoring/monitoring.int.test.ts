import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringMonth } from '@homestretch/contract/monitoring/monitoring-month';
import type { PatientMonitoring } from '@homestretch/contract/monitoring/patient-monitoring';
import type { PriorityList } from '@homestretch/contract/monitoring/priority-list';
import {
  clinics,
  healthDaily,
  interactionLogs,
  monitoringDays,
  monitoringSessions,
  users,
} from '../../db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  json,
  sessionCookie,
} from '../../test/harness';
import { sweepAbandonedSessions } from './monitoring.api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const START = '/user/therapist/monitoring';
const save = (id: number) => `/user/therapist/dashboard/monitoring/${id}`;

async function setUp(timeZone = 'America/New_York') {
  const s = await clinicWithStaff(t);
  await t.db.update(clinics).set({ timeZone }).where(eq(clinics.id, s.clinic.id));
  const therapist = s.staff.therapist;
  const patient = await createPatient(
    t.db,
    { clinicId: s.clinic.id, isRtmCovered: true, onboardedAt: t.clock.now() },
    [therapist.user.id],
  );
  return { ...s, therapist, patient };
}

async function start(cookie: string, patientId: number, context?: string) {
  const response = await call(t, {
    method: 'POST',
    url: START,
    cookie,
    payload: { user_id: patientId, ...(context ? { context } : {}) },
  });
  return response;
}

async function startId(cookie: string, patientId: number): Promise<number> {
  const response = await start(cookie, patientId);
  expect(response.statusCode).toBe(201);
  return json<{ id: number }>(response).id;
}

const put = (cookie: string, id: number, payload?: object) =>
  call(t, { method: 'PUT', url: save(id), cookie, ...(payload ? { payload } : {}) });

const tick = (seconds: number) => t.clock.advance(seconds * 1000);

async function panel(cookie: string, patientId: number, month?: string) {
  const response = await call(t, {
    method: 'GET',
    url: `/api/v1/patients/${patientId}/monitoring/${month ? `?month=${month}` : ''}`,
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return json<PatientMonitoring>(response);
}

describe('a monitoring session', () => {
  it('counts the active seconds the client saves, periodically and at the close', async () => {
    const s = await setUp();
    const cookie = s.therapist.cookie;
    const id = await startId(cookie, s.patient.id);
    tick(31);
    const periodic = await put(cookie, id, { seconds: 30, final: false });
    expect(json(periodic)).toEqual({ id, seconds: 30, ended: false });
    tick(35);
    const closed = await put(cookie, id, { seconds: 65 });
    expect(json(closed)).toEqual({ id, seconds: 65, ended: true });

    const month = await panel(cookie, s.patient.id);
    expect(month.status.seconds).toBe(65);
    expect(month.by_therapist).toEqual([
      expect.objectContaining({ user_id: s.therapist.user.id, seconds: 65 }),
    ]);
    expect(month.sessions).toEqual([
      expect.objectContaining({ id, seconds: 65, context: 'patient_dashboard' }),
    ]);
    // A closed session takes no more time; the client starts a new one.
    expect((await put(cookie, id, { seconds: 90 })).statusCode).toBe(409);
    const again = await startId(cookie, s.patient.id);
    expect(again).not.toBe(id);
  });

  it('never credits more than really passed on the server clock, whatever the client says', async () => {
    const s = await setUp();
    const id = await startId(s.therapist.cookie, s.patient.id);
    tick(60);
    expect(json(await put(s.therapist.cookie, id, { seconds: 3_600 }))).toMatchObject({
      seconds: 60,
    });
  });

  it('closes with the time since the last save when the client sends no count (spec §7 PUT)', async () => {
    const s = await setUp();
    const id = await startId(s.therapist.cookie, s.patient.id);
    tick(42);
    const closed = await call(t, { method: 'PUT', url: save(id), cookie: s.therapist.cookie });
    expect(json(closed)).toEqual({ id, seconds: 42, ended: true });
  });

  it('counts a therapist on one patient at a time: a second tab starting closes the first', async () => {
    const s = await setUp();
    const other = await createPatient(t.db, { clinicId: s.clinic.id }, [s.therapist.user.id]);
    const cookie = s.therapist.cookie;
    const first = await startId(cookie, s.patient.id);
    tick(30);
    await put(cookie, first, { seconds: 30, final: false });
    tick(20);
    const second = await startId(cookie, other.id);
    tick(10);
    // The first tab's next save finds its session closed at its last save: 30 s, not 60.
    expect((await put(cookie, first, { seconds: 60 })).statusCode).toBe(409);
    expect(json(await put(cookie, second, { seconds: 10 }))).toMatchObject({ seconds: 10 });
    const [row] = await t.db
      .select()
      .from(monitoringSessions)
      .where(eq(monitoringSessions.id, first));
    expect(row).toMatchObject({ seconds: 30 });
    expect(row?.endedAt?.getTime()).toBe(row?.lastSavedAt?.getTime());
    expect((await panel(cookie, s.patient.id)).status.seconds).toBe(30);
    expect((await panel(cookie, other.id)).status.seconds).toBe(10);
  });

  it('counts racing saves of one session once: the larger count, on its days', async () => {
    const s = await setUp();
    const id = await startId(s.therapist.cookie, s.patient.id);
    tick(40);
    const answers = await Promise.all(
      [20, 30, 25].map((seconds) => put(s.therapist.cookie, id, { seconds, final: false })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const days = await t.db
      .select({ seconds: monitoringDays.seconds })
      .from(monitoringDays)
      .where(eq(monitoringDays.sessionId, id));
    expect(days.reduce((sum, day) => sum + day.seconds, 0)).toBe(30);
    expect((await panel(s.therapist.cookie, s.patient.id)).status.seconds).toBe(30);
  });

  it('leaves one session open when two starts race', async () => {
    const s = await setUp();
    const other = await createPatient(t.db, { clinicId: s.clinic.id }, [s.therapist.user.id]);
    const answers = await Promise.all([
      start(s.therapist.cookie, s.patient.id),
      start(s.therapist.cookie, other.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const open = await t.db
      .select({ id: monitoringSessions.id, endedAt: monitoringSessions.endedAt })
      .from(monitoringSessions)
      .where(eq(monitoringSessions.userId, s.therapist.user.id));
    expect(open.filter((row) => row.endedAt === null)).toHaveLength(1);
  });

  it('is closed by the sweeper at its last save when the tab was killed', async () => {
    const s = await setUp();
    const id = await startId(s.therapist.cookie, s.patient.id);
    tick(30);
    await put(s.therapist.cookie, id, { seconds: 30, final: false });
    tick(5 * 60);
    expect(await sweepAbandonedSessions(t.db, t.clock.now())).toBe(0);
    tick(6 * 60);
    expect(await sweepAbandonedSessions(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(monitoringSessions).where(eq(monitoringSessions.id, id));
    expect(row?.seconds).toBe(30);
    expect(row?.endedAt?.getTime()).toBe(row?.lastSavedAt?.getTime());
    const cookie = await sessionCookie(t, s.therapist.user.id);
    expect((await put(cookie, id, { seconds: 60 })).statusCode).toBe(409);
  });
});

describe('who may monitor whom', () => {
  it('refuses office managers and supervisors (403), and in a full-service clinic all but remote PTs', async () => {
    const s = await setUp();
    for (const role of ['manager', 'supervisor'] as const) {
      const refused = await start(s.staff[role].cookie, s.patient.id);
      expect(refused.statusCode).toBe(403);
    }
    await t.db.update(users).set({ isFullService: true }).where(eq(users.id, s.therapist.user.id));
    await t.db
      .update(users)
      .set({ isFullService: true })
      .where(eq(users.id, s.staff.remote_therapist.user.id));
    const shared = await createPatient(t.db, { clinicId: s.clinic.id }, [
      s.therapist.user.id,
      s.staff.remote_therapist.user.id,
    ]);
    const fullService = await start(s.therapist.cookie, shared.id);
    expect(fullService.statusCode).toBe(403);
    expect(json<{ error: { message: string } }>(fullService).error.message).toMatch(/remote/);
    expect((await start(s.staff.remote_therapist.cookie, shared.id)).statusCode).toBe(201);
  });

  it('records time only on patients the caller treats, or any as the admin (security finding 10)', async () => {
    const s = await setUp();
    // s.patient is the therapist's; the remote PT is not among their therapists.
    const refused = await start(s.staff.remote_therapist.cookie, s.patient.id);
    expect(refused.statusCode).toBe(403);
    expect(json<{ error: { message: string } }>(refused).error.message).toMatch(
      /do not treat this patient/,
    );
    const opened = await t.db
      .select({ id: monitoringSessions.id })
      .from(monitoringSessions)
      .where(eq(monitoringSessions.userId, s.staff.remote_therapist.user.id));
    expect(opened).toEqual([]);
    expect((await start(s.staff.admin.cookie, s.patient.id)).statusCode).toBe(201);
  });

  it("hides another clinic's patient and another therapist's session (404)", async () => {
    const s = await setUp();
    const elsewhere = await setUp();
    expect((await start(s.therapist.cookie, elsewhere.patient.id)).statusCode).toBe(404);
    const id = await startId(s.therapist.cookie, s.patient.id);
    expect((await put(s.staff.admin.cookie, id, { seconds: 1 })).statusCode).toBe(404);
    expect((await put(elsewhere.therapist.cookie, id, { seconds: 1 })).statusCode).toBe(404);
    const read = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${s.patient.id}/monitoring/`,
      cookie: elsewhere.therapist.cookie,
    });
    expect(read.statusCode).toBe(404);
  });

  it('names the bad field (400)', async () => {
    const s = await setUp();
    const bad = await start(s.therapist.cookie, s.patient.id, 'kitchen');
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields).toHaveProperty(
      'context',
    );
    const id = await startId(s.therapist.cookie, s.patient.id);
    for (const payload of [{ seconds: -1 }, { seconds: 1.5 }, { seconds: 86_401 }]) {
      const refused = await put(s.therapist.cookie, id, payload);
      expect(refused.statusCode).toBe(400);
      expect(
        json<{ error: { fields: Record<string, string> } }>(refused).error.fields,
      ).toHaveProperty('seconds');
    }
    const month = await call(t, {
      method: 'GET',
      url: '/user/therapist/dashboard/monitoring?month=2026-13',
      cookie: s.therapist.cookie,
    });
    expect(month.statusCode).toBe(400);
  });
});

describe('the priority list and the month', () => {
  it("ranks the therapist's RTM patients by what their claims still need", async () => {
    const s = await setUp();
    const cookie = s.therapist.cookie;
    const today = t.clock.now();
    const make = (
      lastName: string,
      values: { isRtmCovered?: boolean; status?: 'discharged' } = {},
    ) =>
      createPatient(
        t.db,
        { clinicId: s.clinic.id, lastName, isRtmCovered: true, onboardedAt: today, ...values },
        [s.therapist.user.id],
      );
    const busy = await make('Busy');
    const quiet = await make('Quiet');
    const called = await make('Called');
    await make('Uncovered', { isRtmCovered: false });
    await make('Gone', { status: 'discharged' });
    await createPatient(t.db, { clinicId: s.clinic.id, lastName: 'Theirs', isRtmCovered: true }, [
      s.staff.admin.user.id,
    ]);
    // 15 minutes on Busy; a live call with Called; two days of data on Quiet.
    const id = await startId(cookie, busy.id);
    tick(15 * 60);
    await put(cookie, id, { seconds: 15 * 60 });
    await t.db.insert(interactionLogs).values({
      clinicId: s.clinic.id,
      patientId: called.id,
      userId: s.therapist.user.id,
      date: t.clock.now(),
      notes: 'Call',
      callDurationSeconds: 300,
    });
    const day = t.clock.now().toISOString().slice(0, 10);
    await t.db.insert(healthDaily).values({
      clinicId: s.clinic.id,
      patientId: quiet.id,
      metric: 'steps',
      day,
      count: 1,
      sum: 900,
      min: 900,
      max: 900,
      lastValue: 900,
      lastRecordedAt: t.clock.now(),
    });

    const response = await call(t, {
      method: 'GET',
      url: '/clinic/therapist/monitoring-priority-list',
      cookie,
    });
    expect(response.statusCode).toBe(200);
    const list = json<PriorityList>(response);
    // The patient from setUp has nothing either; with Quiet and Called it needs 10 minutes.
    expect(list.results.map((row) => row.last_name)).toEqual([
      'Quiet',
      s.patient.lastName,
      'Called',
      'Busy',
    ]);
    const first = list.results[0];
    expect(first).toMatchObject({ remainingMinutes: 10, interval: { data_days: 1 } });
    expect(list.results.at(-1)).toMatchObject({ minutes: 15, remainingMinutes: 5 });
    expect(list.results.find((row) => row.last_name === 'Called')?.has_interactive_call).toBe(true);

    const monthAnswer = await call(t, {
      method: 'GET',
      url: '/user/therapist/dashboard/monitoring',
      cookie,
    });
    const month = json<MonitoringMonth>(monthAnswer);
    expect(month.totals).toMatchObject({
      patients: 4,
      my_seconds: 15 * 60,
      reached_10: 1,
      reached_20: 0,
      with_call: 1,
    });
    expect(
      (
        await call(t, {
          method: 'GET',
          url: '/clinic/therapist/monitoring-priority-list',
          cookie: s.staff.manager.cookie,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('minutes by calendar month', () => {
  it('splits a session across midnight on the last day of a month in America/Los_Angeles', async () => {
    // 23:55 on 30 November in Los Angeles is 07:55 UTC on 1 December.
    const target = new Date('2026-12-01T07:55:00Z').getTime();
    t.clock.advance(Math.max(0, target - t.clock.now().getTime()));
    const s = await setUp('America/Los_Angeles');
    const cookie = s.therapist.cookie;
    const id = await startId(cookie, s.patient.id);
    tick(4 * 60);
    await put(cookie, id, { seconds: 240, final: false });
    tick(6 * 60);
    await put(cookie, id, { seconds: 600 });
    expect((await panel(cookie, s.patient.id, '2026-11')).status.seconds).toBe(300);
    expect((await panel(cookie, s.patient.id, '2026-12')).status.seconds).toBe(300);
    const days = await t.db
      .select({ day: monitoringDays.day, seconds: monitoringDays.seconds })
      .from(monitoringDays)
      .where(eq(monitoringDays.sessionId, id))
      .orderBy(monitoringDays.day);
    expect(days).toEqual([
      { day: '2026-11-30', seconds: 300 },
      { day: '2026-12-01', seconds: 300 },
    ]);
  });
});
