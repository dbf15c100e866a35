import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TaskList, Task } from '@homestretch/contract/tasks/list-tasks';
import {
  auditLog,
  healthDaily,
  interactionLogs,
  monitoringDays,
  monitoringSessions,
  tasks,
} from '../../db/schema';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  json,
} from '../../test/harness';
import { runTaskJob } from './tasks.api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Thursday 26 November 2026, 10:00 in New York: four days of the month left after today. */
const NOW = new Date('2026-11-26T15:00:00Z');
const ONBOARDED = new Date('2026-10-01T14:00:00Z');

async function pain(patientId: number, clinicId: number, day: string, level: number) {
  await t.db.insert(healthDaily).values({
    clinicId,
    patientId,
    metric: 'pain',
    day,
    count: 1,
    sum: level,
    min: level,
    max: level,
    lastValue: level,
    lastRecordedAt: new Date(`${day}T15:00:00Z`),
  });
}

/**
 * A clinic whose therapist treats: a quiet patient (last data 20 Nov, no call, no minutes), a
 * patient whose pain rose with 25 minutes and a call this month, and two who get no tasks: one
 * discharged, one not RTM-covered, both as quiet as the first.
 */
async function setUp() {
  const staff = await clinicWithStaff(t);
  const clinicId = staff.clinic.id;
  const therapist = staff.staff.therapist.user.id;
  const patient = (values: Partial<Parameters<typeof createPatient>[1]> = {}) =>
    createPatient(
      t.db,
      { clinicId, isRtmCovered: true, onboardedAt: ONBOARDED, phone: '+15551230001', ...values },
      [therapist],
    );
  const quiet = await patient({ firstName: 'Quinn' });
  const sore = await patient({ firstName: 'Sam' });
  const discharged = await patient({ status: 'discharged', dischargedAt: NOW });
  const uncovered = await patient({ isRtmCovered: false });
  await t.db.insert(healthDaily).values({
    clinicId,
    patientId: quiet.id,
    metric: 'steps',
    day: '2026-11-20',
    count: 1,
    sum: 4000,
    min: 4000,
    max: 4000,
    lastValue: 4000,
    lastRecordedAt: new Date('2026-11-20T20:00:00Z'),
  });
  for (const day of ['2026-11-14', '2026-11-16', '2026-11-18']) {
    await pain(sore.id, clinicId, day, 3);
  }
  for (const day of ['2026-11-22', '2026-11-24', '2026-11-26']) {
    await pain(sore.id, clinicId, day, 5.5);
  }
  const [session] = await t.db
    .insert(monitoringSessions)
    .values({
      clinicId,
      userId: therapist,
      patientId: sore.id,
      startedAt: new Date('2026-11-10T15:00:00Z'),
      endedAt: new Date('2026-11-10T15:25:00Z'),
      seconds: 25 * 60,
    })
    .returning();
  await t.db.insert(monitoringDays).values({
    sessionId: session!.id,
    clinicId,
    patientId: sore.id,
    userId: therapist,
    day: '2026-11-10',
    seconds: 25 * 60,
  });
  await t.db.insert(interactionLogs).values({
    clinicId,
    patientId: sore.id,
    userId: therapist,
    date: new Date('2026-11-12T16:00:00Z'),
    notes: 'Check-in call',
    callDurationSeconds: 300,
  });
  return { ...staff, quiet, sore, discharged, uncovered };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function tasksOf(patientIds: number[]) {
  return t.db
    .select()
    .from(tasks)
    .where(inArray(tasks.patientId, patientIds))
    .orderBy(tasks.patientId, tasks.kind);
}

const list = (cookie: string, query = '') =>
  call(t, { method: 'GET', url: `/api/v1/tasks/${query}`, cookie });
const complete = (cookie: string, id: number | string) =>
  call(t, { method: 'POST', url: `/api/v1/tasks/${id}/done/`, cookie });

describe('the task job', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });

  it('makes each kind the data calls for, in words, once per period, and none for patients not in RTM care', async () => {
    expect(await runTaskJob(t.db, NOW)).toBeGreaterThanOrEqual(4);
    const made = await tasksOf([s.quiet.id, s.sore.id, s.discharged.id, s.uncovered.id]);
    expect(
      made.map(({ patientId, kind, periodKey, reason, dueOn, status }) => ({
        patientId,
        kind,
        periodKey,
        reason,
        dueOn,
        status,
      })),
    ).toEqual([
      {
        patientId: s.quiet.id,
        kind: 'call_due',
        periodKey: '2026-11',
        reason: 'No live call logged this month; the month ends Nov 30',
        dueOn: '2026-11-30',
        status: 'new',
      },
      {
        patientId: s.quiet.id,
        kind: 'minutes_short',
        periodKey: '2026-11',
        reason: '20 more minutes needed by Nov 30 for 98980 (10 for 98979)',
        dueOn: '2026-11-30',
        status: 'new',
      },
      {
        patientId: s.quiet.id,
        kind: 'no_data',
        periodKey: '2026-11-21',
        reason: 'No data from the app since Nov 20',
        dueOn: '2026-11-26',
        status: 'new',
      },
      {
        patientId: s.sore.id,
        kind: 'pain_rising',
        periodKey: '2026-W48',
        reason: 'Pain up from 3.0 to 5.5 over the last week',
        dueOn: '2026-11-26',
        status: 'new',
      },
    ]);

    // An hour later the same data calls for the same tasks: nothing new.
    await runTaskJob(t.db, new Date(NOW.getTime() + 3_600_000));
    expect(await tasksOf([s.quiet.id, s.sore.id])).toHaveLength(4);
  });

  it('makes each task once when two nodes run the job at the same moment', async () => {
    const other = await setUp();
    const runs = await Promise.all([runTaskJob(t.db, NOW), runTaskJob(t.db, NOW)]);
    expect(runs.some((made) => made !== null && made >= 4)).toBe(true);
    const made = await tasksOf([other.quiet.id, other.sore.id]);
    expect(made.map((task) => `${task.patientId}:${task.kind}`)).toEqual([
      `${other.quiet.id}:call_due`,
      `${other.quiet.id}:minutes_short`,
      `${other.quiet.id}:no_data`,
      `${other.sore.id}:pain_rising`,
    ]);
  });

  it('closes a call-due task once a live call is logged for the month, as done by its caller (issue 30, item 11)', async () => {
    // The server's clock at the job's moment, so the call is not in its future; put back after.
    const shift = NOW.getTime() - t.clock.now().getTime();
    t.clock.advance(shift);
    onTestFinished(() => t.clock.advance(-shift));
    const called = await setUp();
    await runTaskJob(t.db, NOW);
    const logged = await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${called.quiet.id}/log_interaction/`,
      cookie: called.staff.therapist.cookie,
      payload: { log: { date: '2026-11-26', notes: 'Check-in call', call_duration_seconds: 240 } },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const later = new Date(NOW.getTime() + 15 * 60_000);
    await runTaskJob(t.db, later);
    const [task] = (await tasksOf([called.quiet.id])).filter((row) => row.kind === 'call_due');
    expect(task).toMatchObject({
      status: 'done',
      doneAt: later,
      doneBy: called.staff.therapist.user.id,
    });
    // A note without a call answers nothing: the other patient's task stays open.
    const other = await setUp();
    await runTaskJob(t.db, NOW);
    await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${other.quiet.id}/log_interaction/`,
      cookie: other.staff.therapist.cookie,
      payload: { log: { date: '2026-11-26', notes: 'Left a voicemail' } },
    });
    await runTaskJob(t.db, later);
    const [open] = (await tasksOf([other.quiet.id])).filter((row) => row.kind === 'call_due');
    expect(open?.status).toBe('new');
  });

  it('waits for the month: a week before its end there is no call or minutes task', async () => {
    const early = await setUp();
    await runTaskJob(t.db, new Date('2026-11-21T15:00:00Z'));
    const made = await tasksOf([early.quiet.id]);
    expect(made.map((task) => task.kind)).toEqual([]);
  });
});

describe('the task list', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
    await runTaskJob(t.db, NOW);
  });

  it('shows the treating therapist and the admin the new tasks, each with its patient', async () => {
    const response = await list(s.staff.therapist.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = json<TaskList>(response);
    expect(body.count).toBe(4);
    expect(body.results.map((task) => task.kind).sort()).toEqual([
      'call_due',
      'minutes_short',
      'no_data',
      'pain_rising',
    ]);
    const noData = body.results.find((task) => task.kind === 'no_data');
    expect(noData).toMatchObject({
      status: 'new',
      reason: 'No data from the app since Nov 20',
      due_on: '2026-11-26',
      done_at: null,
      patient: { id: s.quiet.id, first_name: 'Quinn', last_name: s.quiet.lastName },
    });
    // Soonest due first.
    expect(body.results.map((task) => task.due_on)).toEqual(
      [...body.results.map((task) => task.due_on)].sort(),
    );
    expect(json<TaskList>(await list(s.staff.admin.cookie)).count).toBe(4);
    // A colleague who treats none of them has none.
    expect(json<TaskList>(await list(s.staff.remote_therapist.cookie)).count).toBe(0);
  });

  it('refuses a bad status by name, and office managers and supervisors', async () => {
    const bad = await list(s.staff.therapist.cookie, '?status=open');
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields.status).toBe(
      'Status is new or done',
    );
    expect((await list(s.staff.manager.cookie)).statusCode).toBe(403);
    expect((await list(s.staff.supervisor.cookie)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(401);
  });

  it('completes a task: it leaves the new list for the done list, audited; twice is a 409', async () => {
    const [first] = json<TaskList>(await list(s.staff.therapist.cookie)).results;
    t.clock.advance(0);
    const done = await complete(s.staff.therapist.cookie, first!.id);
    expect(done.statusCode).toBe(200);
    expect(json<Task>(done)).toMatchObject({ id: first!.id, status: 'done' });
    expect(json<Task>(done).done_at).not.toBeNull();
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, first!.id));
    expect(row?.doneBy).toBe(s.staff.therapist.user.id);

    const fresh = json<TaskList>(await list(s.staff.therapist.cookie));
    expect(fresh.results.map((task) => task.id)).not.toContain(first!.id);
    expect(fresh.count).toBe(3);
    const doneList = json<TaskList>(await list(s.staff.therapist.cookie, '?status=done'));
    expect(doneList.results.map((task) => task.id)).toEqual([first!.id]);

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'task.completed'), eq(auditLog.targetId, String(first!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorUserId).toBe(s.staff.therapist.user.id);

    const again = await complete(s.staff.admin.cookie, first!.id);
    expect(again.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(again).error.message).toMatch(
      /already done on Nov/,
    );
  });

  it('hides another clinic’s task and a patient the caller does not treat (404), and refuses a bad id or a manager', async () => {
    const [task] = json<TaskList>(await list(s.staff.therapist.cookie)).results;
    const other = await clinicWithStaff(t);
    expect((await complete(other.staff.admin.cookie, task!.id)).statusCode).toBe(404);
    // The probe is audited, and the task's id is not taken for a patient's.
    const [refused] = await vi.waitFor(async () => {
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'access.refused'),
            eq(auditLog.actorUserId, other.staff.admin.user.id),
          ),
        );
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(refused?.details).toMatchObject({ action: 'tasks.manage', status: 404 });
    expect(refused?.patientId).toBeNull();
    expect((await complete(s.staff.remote_therapist.cookie, task!.id)).statusCode).toBe(404);
    expect((await complete(s.staff.manager.cookie, task!.id)).statusCode).toBe(403);
    const bad = await complete(s.staff.therapist.cookie, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(bad).error.fields).toHaveProperty(
      'taskId',
    );
    expect((await complete(s.staff.therapist.cookie, 2_000_000_000)).statusCode).toBe(404);
  });
});
