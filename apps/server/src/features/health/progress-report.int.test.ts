import { describe, expect, it } from 'vitest';
import {
  hepCompletions,
  hepItems,
  monitoringDays,
  monitoringSessions,
  videos,
} from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

/**
 * A patient's last two weeks, in New York (the test clock is Monday 2 November 2026, 10:00).
 * Last week is Monday 26 October to Sunday 1 November; the week before holds two pain reports.
 */
async function patientWithHistory() {
  const { clinic, staff } = await clinicWithStaff(t);
  const user = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
  const patient = await createPatient(
    t.db,
    {
      clinicId: clinic.id,
      userId: user.id,
      onboardedAt: new Date('2026-10-20T14:00:00Z'),
      isRtmCovered: true,
    },
    [staff.therapist.user.id],
  );
  const cookie = await sessionCookie(t, user.id);
  const at = (date: string, hour = 9) => `${date}T${String(hour).padStart(2, '0')}:00:00-04:00`;
  const samples = [
    { id: 'p1', type: 'pain', recorded_at: at('2026-10-20'), level: 6 },
    { id: 'p2', type: 'pain', recorded_at: at('2026-10-22'), level: 6 },
    { id: 'p3', type: 'pain', recorded_at: at('2026-10-26'), level: 5 },
    { id: 'p4', type: 'pain', recorded_at: at('2026-10-28'), level: 4 },
    { id: 'p5', type: 'pain', recorded_at: at('2026-10-31'), level: 3 },
    { id: 'e1', type: 'engagement', recorded_at: at('2026-10-26'), minutes: 10 },
    { id: 'e2', type: 'engagement', recorded_at: at('2026-10-29'), minutes: 20 },
    { id: 's1', type: 'steps', recorded_at: at('2026-10-27'), steps: 3000 },
    { id: 's2', type: 'steps', recorded_at: at('2026-10-30', 8), steps: 2000 },
    { id: 's3', type: 'steps', recorded_at: at('2026-10-30', 18), steps: 3000 },
  ];
  const uploaded = await call(t, {
    method: 'POST',
    url: '/app-api/health/samples',
    cookie,
    payload: { samples },
  });
  expect(uploaded.json().created).toBe(samples.length);

  // A video is in a program once, so each item has its own.
  const item = async (createdAt: string) => {
    const [video] = await t.db.insert(videos).values({ title: 'Heel slides' }).returning();
    const [row] = await t.db
      .insert(hepItems)
      .values({
        clinicId: clinic.id,
        patientId: patient.id,
        videoId: video?.id ?? 0,
        createdAt: new Date(createdAt),
      })
      .returning();
    return row?.id ?? 0;
  };
  const items = [
    await item('2026-10-20T14:00:00Z'),
    await item('2026-10-20T14:00:00Z'),
    await item('2026-10-29T14:00:00Z'),
  ];
  // Program items ticked off per day: 2, 2, 1, 3, 0, 3, 1.
  const ticks: [string, number][] = [
    ['2026-10-26', 2],
    ['2026-10-27', 2],
    ['2026-10-28', 1],
    ['2026-10-29', 3],
    ['2026-10-31', 3],
    ['2026-11-01', 1],
  ];
  for (const [day, count] of ticks) {
    await t.db.insert(hepCompletions).values(
      items.slice(0, count).map((hepItemId) => ({
        clinicId: clinic.id,
        patientId: patient.id,
        hepItemId,
        completedOn: day,
        setsDone: 2,
      })),
    );
  }
  return { clinic, staff, patient };
}

describe('weekly progress: GET /user/therapist/dashboard/progress/{patientId}', () => {
  it('shows last week day by day with adherence and the pain trend', async () => {
    const { staff, patient } = await patientWithHistory();
    const response = await call(t, {
      method: 'GET',
      url: `/user/therapist/dashboard/progress/${patient.id}?weeks_ago=1`,
      cookie: staff.therapist.cookie,
    });
    expect(response.statusCode).toBe(200);
    const progress = response.json();
    expect(progress).toMatchObject({
      patient_id: patient.id,
      weeks_ago: 1,
      start_date: '2026-10-26',
      end_date: '2026-11-01',
    });
    expect(
      progress.days.map((day: { exercises_done: number; exercises_assigned: number }) => [
        day.exercises_done,
        day.exercises_assigned,
      ]),
    ).toEqual([
      [2, 2],
      [2, 2],
      [1, 2],
      [3, 3],
      [0, 3],
      [3, 3],
      [1, 3],
    ]);
    expect(progress.days[4]).toMatchObject({ date: '2026-10-30', steps: 5000, has_data: true });
    expect(progress.summary).toEqual({
      adherence: 0.67,
      average_pain: 4,
      previous_average_pain: 6,
      pain_change: -2,
      engagement_minutes: 30,
      average_steps: 4000,
      days_with_data: 7,
      days_elapsed: 7,
    });
  });

  it('shows the current week so far by default', async () => {
    const { staff, patient } = await patientWithHistory();
    const response = await call(t, {
      method: 'GET',
      url: `/user/therapist/dashboard/progress/${patient.id}`,
      cookie: staff.remote_therapist.cookie,
    });
    const progress = response.json();
    expect(progress.start_date).toBe('2026-11-02');
    expect(progress.days.filter((day: { future: boolean }) => day.future)).toHaveLength(6);
    expect(progress.summary).toMatchObject({
      days_elapsed: 1,
      adherence: 0,
      previous_average_pain: 4,
    });
  });

  it('names a bad weeks_ago; managers 403; another clinic 404', async () => {
    const { staff, patient } = await patientWithHistory();
    const outsider = await clinicWithStaff(t);
    const url = `/user/therapist/dashboard/progress/${patient.id}`;
    const bad = await call(t, {
      method: 'GET',
      url: `${url}?weeks_ago=-1`,
      cookie: staff.admin.cookie,
    });
    expect(bad.json().error.fields.weeks_ago).toBeDefined();
    expect((await call(t, { method: 'GET', url, cookie: staff.manager.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, { method: 'GET', url, cookie: outsider.staff.therapist.cookie })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: '/user/therapist/dashboard/progress/abc',
          cookie: staff.admin.cookie,
        })
      ).json().error.fields.patientId,
    ).toBeDefined();
  });
});

describe('weekly report: GET /api/v1/patients/{id}/report/', () => {
  it('reports last week by default: progress, metrics, monitoring time, calls and measures', async () => {
    const { clinic, staff, patient } = await patientWithHistory();
    // Two closed sessions: one last week (New York, 28 October), one this week.
    for (const [startedAt, day, seconds] of [
      ['2026-10-28T15:00:00Z', '2026-10-28', 600],
      ['2026-11-02T13:00:00Z', '2026-11-02', 100],
    ] as const) {
      const [session] = await t.db
        .insert(monitoringSessions)
        .values({
          clinicId: clinic.id,
          userId: staff.therapist.user.id,
          patientId: patient.id,
          startedAt: new Date(startedAt),
          endedAt: new Date(startedAt),
          seconds,
        })
        .returning({ id: monitoringSessions.id });
      await t.db.insert(monitoringDays).values({
        sessionId: session!.id,
        clinicId: clinic.id,
        patientId: patient.id,
        userId: staff.therapist.user.id,
        day,
        seconds,
      });
    }
    for (const [date, seconds] of [
      ['2026-10-30T15:00:00Z', 300],
      ['2026-11-02T14:00:00Z', 120],
    ] as const) {
      await call(t, {
        method: 'POST',
        url: `/api/v1/patients/${patient.id}/log_interaction/`,
        cookie: staff.therapist.cookie,
        payload: { log: { date, call_duration_seconds: seconds } },
      });
    }
    await call(t, {
      method: 'POST',
      url: `/user/therapist/dashboard/functional-data/${patient.id}`,
      cookie: staff.therapist.cookie,
      payload: {
        name: 'Knee flexion',
        unit: '°',
        entries: [
          { value: 90, date: '2026-10-20' },
          { value: 100, date: '2026-10-27' },
          { value: 105, date: '2026-11-02' },
        ],
      },
    });

    const response = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/report/`,
      cookie: staff.therapist.cookie,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      weeks_ago: 1,
      start_date: '2026-10-26',
      end_date: '2026-11-01',
      time_zone: 'America/New_York',
      monitoring_seconds: 600,
      has_interactive_call: true,
      patient: { id: patient.id, is_rtm_covered: true },
      summary: { adherence: 0.67, average_pain: 4 },
    });
    expect(report.days).toHaveLength(7);
    expect(report.interactions).toHaveLength(1);
    expect(report.interactions[0].call_duration_seconds).toBe(300);
    expect(report.functional_data).toEqual([
      expect.objectContaining({
        name: 'Knee flexion',
        entries: [{ value: 100, date: '2026-10-27' }],
      }),
    ]);
    expect(report.metrics).toEqual([
      {
        metric: 'engagement',
        label: 'Engagement Time',
        unit: 'min',
        aggregation: 'sum',
        days_with_data: 2,
        value: 15,
        min: 10,
        max: 20,
      },
      {
        metric: 'pain',
        label: 'Pain Level',
        unit: 'level',
        aggregation: 'average',
        days_with_data: 3,
        value: 4,
        min: 3,
        max: 5,
      },
      {
        metric: 'steps',
        label: 'Steps',
        unit: 'count',
        aggregation: 'sum',
        days_with_data: 2,
        value: 4000,
        // Day totals, like the average: 3,000 on the 27th, 2,000 + 3,000 on the 30th.
        min: 3000,
        max: 5000,
      },
    ]);
    const thisWeek = await call(t, {
      method: 'GET',
      url: `/api/v1/patients/${patient.id}/report/?weeks_ago=0`,
      cookie: staff.therapist.cookie,
    });
    expect(thisWeek.json()).toMatchObject({ monitoring_seconds: 100, has_interactive_call: true });
  });

  it('names a bad weeks_ago; managers 403; another clinic 404', async () => {
    const { staff, patient } = await patientWithHistory();
    const outsider = await clinicWithStaff(t);
    const url = `/api/v1/patients/${patient.id}/report/`;
    const bad = await call(t, {
      method: 'GET',
      url: `${url}?weeks_ago=x`,
      cookie: staff.therapist.cookie,
    });
    expect(bad.json().error.fields.weeks_ago).toBeDefined();
    expect((await call(t, { method: 'GET', url, cookie: staff.manager.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t, { method: 'GET', url, cookie: outsider.staff.therapist.cookie })).statusCode,
    ).toBe(404);
  });
});
