import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, healthDaily, healthSamples, patients } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

/** A clinic (New York), its staff, and a patient signed in to the app. */
async function patientWithApp() {
  const { clinic, staff } = await clinicWithStaff(t);
  const user = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
  const patient = await createPatient(t.db, { clinicId: clinic.id, userId: user.id }, [
    staff.therapist.user.id,
  ]);
  return { clinic, staff, patient, cookie: await sessionCookie(t, user.id) };
}

const upload = (cookie: string, samples: unknown[]) =>
  call(t, { method: 'POST', url: '/app-api/health/samples', cookie, payload: { samples } });

// The test clock is 2026-11-02T15:00Z: 10:00 on Monday 2 November in New York.
const morning = [
  { id: 'hk-steps-1', type: 'steps', recorded_at: '2026-11-02T07:10:00-05:00', steps: 1800 },
  { id: 'hk-steps-2', type: 'steps', recorded_at: '2026-11-02T09:40:00-05:00', steps: 2200 },
  // 23:30 on Sunday in New York, although 04:30 on Monday in UTC.
  { id: 'hk-steps-0', type: 'steps', recorded_at: '2026-11-02T04:30:00Z', steps: 900 },
  { id: 'app-pain-1', type: 'pain', recorded_at: '2026-11-02T08:00:00-05:00', level: 6 },
  { id: 'app-pain-2', type: 'pain', recorded_at: '2026-11-02T09:00:00-05:00', level: 3 },
  { id: 'app-eng-1', type: 'engagement', recorded_at: '2026-11-02T08:30:00-05:00', minutes: 14 },
  {
    id: 'cuff-1',
    type: 'blood_pressure',
    recorded_at: '2026-11-02T07:00:00-05:00',
    systolic: 132,
    diastolic: 84,
    source: 'Omron cuff',
  },
  {
    id: 'hk-dist-1',
    type: 'distance',
    recorded_at: '2026-11-02T09:40:00-05:00',
    value: 2500,
    unit: 'm',
  },
];

describe('health data upload: POST /app-api/health/samples', () => {
  it('stores samples and keeps daily roll-ups by the clinic’s calendar day', async () => {
    const { patient, cookie } = await patientWithApp();
    const response = await upload(cookie, morning);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: 8, created: 8, duplicates: 0 });
    const daily = await t.db
      .select()
      .from(healthDaily)
      .where(eq(healthDaily.patientId, patient.id));
    const day = (metric: string, date: string) =>
      daily.find((row) => row.metric === metric && row.day === date);
    expect(day('steps', '2026-11-02')).toMatchObject({ count: 2, sum: 4000, lastValue: 2200 });
    expect(day('steps', '2026-11-01')).toMatchObject({ count: 1, sum: 900 });
    expect(day('pain', '2026-11-02')).toMatchObject({ count: 2, sum: 9, min: 3, max: 6 });
    expect(day('blood_pressure', '2026-11-02')).toMatchObject({ sum: 132, secondarySum: 84 });
    expect(day('distance', '2026-11-02')).toMatchObject({ sum: 2.5 });
    const [row] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row?.lastActivityAt?.toISOString()).toBe('2026-11-02T14:40:00.000Z');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'health.ingest'), eq(auditLog.patientId, patient.id)));
    expect(audits).toHaveLength(1);
  });

  it('never doubles a day when an upload is retried, even mixed with new samples', async () => {
    const { patient, cookie } = await patientWithApp();
    await upload(cookie, morning.slice(0, 2));
    const retry = await upload(cookie, [
      ...morning.slice(0, 2),
      { id: 'hk-steps-3', type: 'steps', recorded_at: '2026-11-02T09:55:00-05:00', steps: 500 },
      { id: 'hk-steps-3', type: 'steps', recorded_at: '2026-11-02T09:55:00-05:00', steps: 500 },
    ]);
    expect(retry.json()).toEqual({
      received: 4,
      created: 1,
      duplicates: 3,
      results: [
        { id: 'hk-steps-1', status: 'duplicate' },
        { id: 'hk-steps-2', status: 'duplicate' },
        { id: 'hk-steps-3', status: 'created' },
        { id: 'hk-steps-3', status: 'duplicate' },
      ],
    });
    // Two uploads racing each other with the same samples still count each once.
    await Promise.all([upload(cookie, morning), upload(cookie, morning)]);
    const [steps] = await t.db
      .select()
      .from(healthDaily)
      .where(
        and(
          eq(healthDaily.patientId, patient.id),
          eq(healthDaily.metric, 'steps'),
          eq(healthDaily.day, '2026-11-02'),
        ),
      );
    expect(steps).toMatchObject({ count: 3, sum: 4500 });
    const raw = await t.db
      .select()
      .from(healthSamples)
      .where(eq(healthSamples.patientId, patient.id));
    expect(raw).toHaveLength(9);
  });

  it('refuses the whole batch when a sample is bad, naming each bad field', async () => {
    const { patient, cookie } = await patientWithApp();
    const response = await upload(cookie, [
      morning[0],
      { id: 'p', type: 'pain', recorded_at: '2026-11-02T08:00:00-05:00', level: 11 },
      { id: 'f', type: 'steps', recorded_at: '2026-11-03T08:00:00-05:00', steps: 10 },
      { id: 'u', type: 'heart_rate', recorded_at: '2026-11-02T08:00:00Z', value: 70, unit: 'mph' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'samples.1.level': 'Must be between 0 and 10 level',
      'samples.2.recorded_at': 'Cannot be in the future',
      'samples.3.unit': 'Use bpm or count/min for heart_rate',
    });
    const shape = await upload(cookie, [
      { id: 'x', type: 'mood', recorded_at: '2026-11-02T08:00:00Z', value: 1 },
      { id: 'y', type: 'steps', recorded_at: 'this morning', steps: 'many' },
      { id: 'z', type: 'pain', recorded_at: '2026-11-02T08:00:00Z', value: 3 },
    ]);
    expect(Object.keys(shape.json().error.fields).sort()).toEqual([
      'samples.0.type',
      'samples.1.recorded_at',
      'samples.1.steps',
      'samples.2.level',
      'samples.2.value',
    ]);
    expect((await upload(cookie, [])).json().error.fields.samples).toBeDefined();
    const stored = await t.db
      .select()
      .from(healthSamples)
      .where(eq(healthSamples.patientId, patient.id));
    expect(stored).toHaveLength(0);
  });

  it('is for patients with a record only', async () => {
    const { clinic, staff } = await patientWithApp();
    expect((await upload(staff.therapist.cookie, morning)).statusCode).toBe(403);
    const orphan = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    expect((await upload(await sessionCookie(t, orphan.id), morning)).statusCode).toBe(404);
    expect((await upload('', morning)).statusCode).toBe(401);
  });
});

describe('metric charts', () => {
  it('gives staff a patient’s daily figures per metric over a date range', async () => {
    const { patient, staff, cookie } = await patientWithApp();
    await upload(cookie, morning);
    const response = await call(t, {
      method: 'GET',
      url: `/user/therapist/dashboard/health/${patient.id}?from=2026-11-01&to=2026-11-02`,
      cookie: staff.therapist.cookie,
    });
    expect(response.statusCode).toBe(200);
    const chart = response.json();
    expect(chart).toMatchObject({
      patient_id: patient.id,
      from: '2026-11-01',
      to: '2026-11-02',
      time_zone: 'America/New_York',
    });
    const series = (metric: string) =>
      chart.series.find((entry: { metric: string }) => entry.metric === metric);
    expect(series('steps')).toEqual({
      metric: 'steps',
      label: 'Steps',
      unit: 'count',
      aggregation: 'sum',
      days: [
        {
          date: '2026-11-01',
          value: 900,
          min: 900,
          max: 900,
          count: 1,
          last_value: 900,
          secondary_value: null,
        },
        {
          date: '2026-11-02',
          value: 4000,
          min: 1800,
          max: 2200,
          count: 2,
          last_value: 2200,
          secondary_value: null,
        },
      ],
    });
    expect(series('pain').days[0]).toMatchObject({ value: 4.5, last_value: 3 });
    expect(series('blood_pressure').days[0]).toMatchObject({ value: 132, secondary_value: 84 });
    expect(chart.series.map((entry: { metric: string }) => entry.metric)).toEqual([
      'engagement',
      'pain',
      'steps',
      'distance',
      'blood_pressure',
    ]);
    const one = await call(t, {
      method: 'GET',
      url: `/user/therapist/dashboard/health/${patient.id}?metric=pain`,
      cookie: staff.therapist.cookie,
    });
    expect(one.json().from).toBe('2026-10-04');
    expect(one.json().series.map((entry: { metric: string }) => entry.metric)).toEqual(['pain']);
  });

  it('names bad ranges; managers 403; another clinic 404', async () => {
    const { patient, staff } = await patientWithApp();
    const outsider = await clinicWithStaff(t);
    const url = `/user/therapist/dashboard/health/${patient.id}`;
    const get = (query: string, cookie = staff.therapist.cookie) =>
      call(t, { method: 'GET', url: `${url}${query}`, cookie });
    expect((await get('?from=2026-11-05&to=2026-11-01')).json().error.fields).toEqual({
      from: 'Must be on or before to',
    });
    expect((await get('?from=2024-01-01&to=2026-11-01')).json().error.fields.from).toMatch(
      /366 days/,
    );
    expect(
      Object.keys((await get('?metric=mood&to=2026-13-01')).json().error.fields).sort(),
    ).toEqual(['metric', 'to']);
    // PostgreSQL has no year 0: these reached it and answered 500.
    const ancient = await get('?from=0000-01-01&to=0000-01-05');
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error.fields).toEqual({
      from: 'Must be from 1900-01-01 to 2100-12-31',
      to: 'Must be from 1900-01-01 to 2100-12-31',
    });
    const huge = await call(t, {
      method: 'GET',
      url: '/user/therapist/dashboard/health/3000000000',
      cookie: staff.therapist.cookie,
    });
    expect(huge.json().error.fields).toEqual({ patientId: 'Must be at most 2147483647' });
    expect((await get('', staff.manager.cookie)).statusCode).toBe(403);
    expect((await get('', outsider.staff.therapist.cookie)).statusCode).toBe(404);
  });

  it('gives a patient their own figures, and only theirs', async () => {
    const first = await patientWithApp();
    const second = await patientWithApp();
    await upload(first.cookie, morning);
    await upload(second.cookie, [
      { id: 'hk-steps-1', type: 'steps', recorded_at: '2026-11-02T07:10:00-05:00', steps: 50 },
    ]);
    const own = await call(t, {
      method: 'GET',
      url: '/app-api/health/daily?metric=steps',
      cookie: second.cookie,
    });
    expect(own.json().patient_id).toBe(second.patient.id);
    expect(own.json().series[0].days).toEqual([
      expect.objectContaining({ date: '2026-11-02', value: 50 }),
    ]);
    // Same sample id, different patients: both stored.
    const firstOwn = await call(t, {
      method: 'GET',
      url: '/app-api/health/daily?metric=steps&from=2026-11-02',
      cookie: first.cookie,
    });
    expect(firstOwn.json().series[0].days[0].value).toBe(4000);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: '/app-api/health/daily',
          cookie: first.staff.therapist.cookie,
        })
      ).statusCode,
    ).toBe(403);
  });
});
