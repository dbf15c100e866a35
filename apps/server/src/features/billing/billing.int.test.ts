import { and, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingChart } from '@homestretch/contract/billing/billing-chart';
import type {
  BillingDownload,
  BillingFileCheck,
  UploadedBillingFile,
} from '@homestretch/contract/billing/billing-files';
import type { BillingInfo } from '@homestretch/contract/billing/billing-info';
import type { BillingExplanation } from '@homestretch/contract/billing/billing-patient';
import type { BillingUnits } from '@homestretch/contract/billing/billing-units';
import {
  auditLog,
  chatMessages,
  chatSessions,
  clinics,
  healthDaily,
  interactionLogs,
  monitoringDays,
  monitoringSessions,
  patients,
  users,
} from '../../db/schema';
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

let t: TestApp;
beforeAll(async () => {
  // Early November: October is a closed month, November an open one.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ZONE = 'America/New_York';

/** October's days with data, the 20th of September to the 19th of October: one 30-day interval. */
const range = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

async function dataOn(clinicId: number, patientId: number, days: string[]) {
  await t.db.insert(healthDaily).values(
    days.map((day) => ({
      clinicId,
      patientId,
      metric: 'steps' as const,
      day,
      count: 1,
      sum: 4000,
      min: 4000,
      max: 4000,
      lastValue: 4000,
      lastRecordedAt: new Date(`${day}T16:00:00Z`),
    })),
  );
}

async function monitored(
  clinicId: number,
  patientId: number,
  userId: number,
  day: string,
  seconds: number,
) {
  const startedAt = new Date(`${day}T14:00:00Z`);
  const [session] = await t.db
    .insert(monitoringSessions)
    .values({
      clinicId,
      userId,
      patientId,
      startedAt,
      lastSavedAt: new Date(startedAt.getTime() + seconds * 1000),
      endedAt: new Date(startedAt.getTime() + seconds * 1000),
      seconds,
    })
    .returning();
  await t.db
    .insert(monitoringDays)
    .values({ sessionId: session!.id, clinicId, patientId, userId, day, seconds });
}

async function setUp() {
  const s = await clinicWithStaff(t);
  await t.db
    .update(clinics)
    .set({ timeZone: ZONE, createdAt: new Date('2026-01-05T12:00:00Z') })
    .where(eq(clinics.id, s.clinic.id));
  const therapist = s.staff.therapist.user.id;
  const onboardedAt = new Date('2026-09-20T13:00:00Z');
  const billed = await createPatient(
    t.db,
    {
      clinicId: s.clinic.id,
      firstName: 'Ada',
      lastName: 'Billed',
      isRtmCovered: true,
      onboardedAt,
      birthday: '1950-02-03',
      selectedCode: 'M17.11',
      diagnosis: 'Unilateral primary osteoarthritis, right knee',
    },
    [therapist],
  );
  const noCall = await createPatient(
    t.db,
    { clinicId: s.clinic.id, firstName: 'Bo', lastName: 'Nocall', isRtmCovered: true, onboardedAt },
    [therapist],
  );
  const uncovered = await createPatient(
    t.db,
    {
      clinicId: s.clinic.id,
      firstName: 'Cy',
      lastName: 'Uncovered',
      isRtmCovered: false,
      onboardedAt,
    },
    [therapist],
  );
  await dataOn(s.clinic.id, billed.id, range('2026-09-20', 18));
  await dataOn(s.clinic.id, noCall.id, range('2026-09-20', 5));
  await dataOn(s.clinic.id, uncovered.id, range('2026-09-20', 20));
  for (const patient of [billed, noCall, uncovered]) {
    await monitored(s.clinic.id, patient.id, therapist, '2026-10-06', 14 * 60);
    await monitored(s.clinic.id, patient.id, therapist, '2026-10-14', 8 * 60);
  }
  await t.db.insert(interactionLogs).values(
    [billed, uncovered].map((patient) => ({
      clinicId: s.clinic.id,
      patientId: patient.id,
      userId: therapist,
      date: new Date('2026-10-10T14:00:00Z'),
      callDurationSeconds: 300,
    })),
  );
  return { ...s, billed, noCall, uncovered };
}

const units = (cookie: string, query: string) =>
  call(t, { method: 'GET', url: `/clinic/billing-units?${query}`, cookie });

describe('billing units of a month', () => {
  it('bills what the records show, with reasons, and says what is missing', async () => {
    const s = await setUp();
    const response = await units(s.staff.admin.cookie, 'month=10&year=2026');
    expect(response.statusCode).toBe(200);
    const body = json<BillingUnits>(response);
    expect(body).toMatchObject({ period: '2026-10', closed: true, currency: 'USD' });
    // The uncovered patient is never billed nor listed.
    expect(body.patients.results.map((row) => row.patient.last_name).sort()).toEqual([
      'Billed',
      'Nocall',
    ]);
    const billed = body.patients.results.find((row) => row.patient.id === s.billed.id)!;
    const codes = billed.billable.map((line) => line.code).sort();
    // Set-up (98975) was September's, when the second day of data came.
    expect(codes).toEqual(['98977', '98980']);
    const management = billed.billable.find((line) => line.code === '98980')!;
    expect(management).toMatchObject({ units: 1, date_of_service: '2026-10-31', minutes: 22 });
    expect(management.modifiers).toContain('GP');
    expect(management.reasons.length).toBeGreaterThan(0);
    expect(management.amount).toBeGreaterThan(0);
    const noCall = body.patients.results.find((row) => row.patient.id === s.noCall.id)!;
    expect(noCall.billable.map((line) => line.code)).toEqual(['98985']);
    const missing = noCall.not_billable.find((line) => line.code === '98980');
    expect(missing?.missing.join(' ')).toMatch(/call/i);
    expect(body.totals.find((total) => total.code === '98980')).toMatchObject({
      units: 1,
      patients: 1,
    });
    expect(body.total_amount).toBeCloseTo(billed.amount + noCall.amount, 2);

    const filtered = json<BillingUnits>(
      await units(s.staff.therapist.cookie, 'month=10&year=2026&filter=billable&search=ada'),
    );
    expect(filtered.patients.results.map((row) => row.patient.id)).toEqual([s.billed.id]);
  });

  it('never bills a line dated after today: it waits, out of the totals and the file, for its day', async () => {
    const s = await setUp();
    // Today is Nov 2 in the clinic. Onboarded Oct 10 with 16 days of data by Oct 25: the first
    // 30-day period (Oct 10 – Nov 8) has its 98977, dated on its last day, Nov 8.
    const early = await createPatient(
      t.db,
      {
        clinicId: s.clinic.id,
        firstName: 'Eve',
        lastName: 'Early',
        isRtmCovered: true,
        onboardedAt: new Date('2026-10-10T13:00:00Z'),
      },
      [s.staff.therapist.user.id],
    );
    await dataOn(s.clinic.id, early.id, range('2026-10-10', 16));
    const body = json<BillingUnits>(await units(s.staff.admin.cookie, 'month=11&year=2026'));
    const row = body.patients.results.find((result) => result.patient.id === early.id)!;
    expect(row.billable).toEqual([]);
    expect(row.upcoming).toMatchObject([
      { code: '98977', date_of_service: '2026-11-08', interval: { end: '2026-11-08' } },
    ]);
    expect(row.amount).toBe(0);
    expect(body.totals.find((total) => total.code === '98977')).toBeUndefined();
    expect(body.total_units).toBe(0);
    const check = json<BillingFileCheck>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/11/2026/check-file',
        cookie: s.staff.admin.cookie,
      }),
    );
    expect(check.generated).toMatchObject({ rows: 0, patients: 0 });

    // On Nov 8 the same records bill it, dated that day (signed in again: a session idles out).
    t.clock.advance(6 * 86_400_000);
    try {
      const explained = json<BillingExplanation>(
        await call(t, {
          method: 'GET',
          url: `/clinic/billing-units/patient/${early.id}?month=11&year=2026`,
          cookie: await sessionCookie(t, s.staff.admin.user.id),
        }),
      );
      expect(explained.billable).toMatchObject([{ code: '98977', date_of_service: '2026-11-08' }]);
      expect(explained.upcoming).toEqual([]);
    } finally {
      t.clock.advance(-6 * 86_400_000);
    }
  });

  it('counts a chat exchange as the month’s interactive communication only where the clinic says so', async () => {
    const s = await setUp();
    const patientUser = await createUser(t.db, { clinicId: s.clinic.id, role: 'patient' });
    await t.db.update(patients).set({ userId: patientUser.id }).where(eq(patients.id, s.noCall.id));
    const [session] = await t.db
      .insert(chatSessions)
      .values({ clinicId: s.clinic.id, kind: 'patient', patientId: s.noCall.id })
      .returning();
    await t.db.insert(chatMessages).values(
      [patientUser.id, s.staff.therapist.user.id].map((sender, i) => ({
        clinicId: s.clinic.id,
        sessionId: session!.id,
        senderUserId: sender,
        message: i === 0 ? 'My knee is sore today' : 'Ice it and skip the lunges today',
        createdAt: new Date(`2026-10-15T1${5 + i}:00:00Z`),
      })),
    );
    const codesOf = async () => {
      const body = json<BillingExplanation>(
        await call(t, {
          method: 'GET',
          url: `/clinic/billing-units/patient/${s.noCall.id}?month=10&year=2026`,
          cookie: s.staff.admin.cookie,
        }),
      );
      return body.billable.map((line) => line.code);
    };
    expect(await codesOf()).not.toContain('98980');
    await t.db
      .update(clinics)
      .set({ practiceInfo: { messaging_counts_as_interactive: true } })
      .where(eq(clinics.id, s.clinic.id));
    expect(await codesOf()).toContain('98980');
  });

  it('refuses a future month, one before the clinic, and nonsense, in words', async () => {
    const s = await setUp();
    const future = await units(s.staff.admin.cookie, 'month=12&year=2026');
    expect(future.statusCode).toBe(422);
    expect(json<{ error: { message: string } }>(future).error.message).toMatch(/future/);
    const before = await units(s.staff.admin.cookie, 'month=12&year=2025');
    expect(before.statusCode).toBe(422);
    expect(json<{ error: { message: string } }>(before).error.message).toMatch(/first month/);
    expect((await units(s.staff.admin.cookie, 'month=13&year=2026')).statusCode).toBe(400);
    expect((await units(s.staff.admin.cookie, 'month=10')).statusCode).toBe(400);
  });

  it('is for billing staff only, and audited', async () => {
    const s = await setUp();
    expect((await units(s.staff.supervisor.cookie, 'month=10&year=2026')).statusCode).toBe(403);
    expect(
      (await call(t, { method: 'GET', url: '/clinic/billing-units?month=10&year=2026' }))
        .statusCode,
    ).toBe(401);
    expect((await units(s.staff.manager.cookie, 'month=10&year=2026')).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, s.clinic.id), eq(auditLog.action, 'billing.read')));
    expect(rows.length).toBeGreaterThan(0);
  });

  it("explains one patient's month from the records, and hides another clinic's patient", async () => {
    const s = await setUp();
    const response = await call(t, {
      method: 'GET',
      url: `/clinic/billing-units/patient/${s.billed.id}?month=10&year=2026`,
      cookie: s.staff.therapist.cookie,
    });
    expect(response.statusCode).toBe(200);
    const body = json<BillingExplanation>(response);
    expect(body.case).toMatchObject({ time_zone: ZONE, rtm_covered: true, month: '2026-10' });
    expect(body.case.monitoring).toHaveLength(2);
    expect(body.case.calls).toHaveLength(1);
    expect(body.billable.map((line) => line.code)).toContain('98980');
    const other = await setUp();
    const hidden = await call(t, {
      method: 'GET',
      url: `/clinic/billing-units/patient/${s.billed.id}?month=10&year=2026`,
      cookie: other.staff.admin.cookie,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('keeps billing the episode a re-onboarding ended for the months it covered (issue 30, item 11)', async () => {
    const s = await setUp();
    const cookie = s.staff.therapist.cookie;
    const discharged = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie,
      payload: { patient_ids: [s.billed.id] },
    });
    expect(discharged.statusCode).toBe(200);
    const reOnboarded = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${s.billed.id}/re_onboard/`,
      cookie,
      payload: {
        diagnosis: 'Unilateral primary osteoarthritis, right knee',
        therapists: [s.staff.therapist.user.id],
        is_rtm_covered: true,
      },
    });
    expect(reOnboarded.statusCode, reOnboarded.body).toBe(200);
    const today = t.clock.now().toISOString().slice(0, 10);
    const october = json<BillingExplanation>(
      await call(t, {
        method: 'GET',
        url: `/clinic/billing-units/patient/${s.billed.id}?month=10&year=2026`,
        cookie,
      }),
    );
    // October was wholly in the first episode (Sep 20 to the discharge): still billed for it.
    expect(october.case.episodes).toEqual([
      { start: '2026-09-20', end: today },
      { start: today, end: null },
    ]);
    expect(october.billable.map((line) => line.code)).toContain('98980');
  });

  it('credits a month only with the time and calls of those who treat the patient, kept when they stop (security finding 10)', async () => {
    const s = await setUp();
    // noCall is the therapist's patient; the remote PT is not among their therapists.
    const outsider = s.staff.remote_therapist.cookie;
    const patientUrl = `/api/v1/patients/${s.noCall.id}`;
    const attempts = [
      await call(t, {
        method: 'POST',
        url: '/user/therapist/monitoring',
        cookie: outsider,
        payload: { user_id: s.noCall.id },
      }),
      await call(t, {
        method: 'POST',
        url: '/user/voice/call',
        cookie: outsider,
        payload: { patient_id: s.noCall.id },
      }),
      await call(t, {
        method: 'POST',
        url: `${patientUrl}/log_interaction/`,
        cookie: outsider,
        payload: { log: { date: '2026-11-01T15:00:00Z', call_duration_seconds: 600 } },
      }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    const logged = await call(t, {
      method: 'POST',
      url: `${patientUrl}/log_interaction/`,
      cookie: s.staff.therapist.cookie,
      payload: { log: { date: '2026-11-01T16:00:00Z', call_duration_seconds: 300 } },
    });
    expect(logged.statusCode).toBe(201);
    // The front desk hands the patient to the remote PT: the call made while treating still counts.
    const handed = await call(t, {
      method: 'PATCH',
      url: `${patientUrl}/change-therapist/`,
      cookie: s.staff.manager.cookie,
      payload: { therapist_ids: [s.staff.remote_therapist.user.id] },
    });
    expect(handed.statusCode).toBe(200);
    const month = json<BillingExplanation>(
      await call(t, {
        method: 'GET',
        url: `/clinic/billing-units/patient/${s.noCall.id}?month=11&year=2026`,
        cookie: s.staff.admin.cookie,
      }),
    );
    expect(month.case.monitoring).toEqual([]);
    expect(month.case.calls).toHaveLength(1);
    expect(month.case.calls[0]).toMatchObject({ seconds: 300 });
  });

  it('charts the year up to the asked month', async () => {
    const s = await setUp();
    const response = await call(t, {
      method: 'GET',
      url: '/clinic/billing-chart?year=2026&current_month=10',
      cookie: s.staff.admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const chart = json<BillingChart>(response);
    expect(chart.months).toHaveLength(12);
    expect(chart.months[9]).toMatchObject({ month: 10, patients: 2 });
    expect(chart.months[9]!.units).toBeGreaterThanOrEqual(3);
    expect(chart.months[10]).toEqual({ month: 11, units: null, amount: null, patients: null });
    expect(chart.months[0]!.units).toBe(0);
  });
});

const VALID_INFO = {
  provider_info: {
    first_name: 'Dana',
    last_name: 'Whitfield',
    credentials: 'PT, DPT',
    npi: '1922334457',
  },
  practice_info: {
    name: 'Riverside PT',
    npi: '1734500287',
    tax_id: '00-1234567',
    address: { line1: '245 River Street', city: 'Hudson', state: 'NY', zip: '12534' },
    phone: '+1 518 555 0100',
  },
};

describe('billing info', () => {
  it('is read by billing staff and changed by the admin or manager, validated and audited', async () => {
    const s = await setUp();
    const url = `/clinic/${s.clinic.code}/billing-info`;
    const empty = json<BillingInfo>(
      await call(t, { method: 'GET', url, cookie: s.staff.therapist.cookie }),
    );
    expect(empty).toEqual({ provider_info: null, practice_info: null, updated_at: null });
    const saved = await call(t, {
      method: 'PUT',
      url,
      cookie: s.staff.manager.cookie,
      payload: VALID_INFO,
    });
    expect(saved.statusCode).toBe(200);
    expect(json<BillingInfo>(saved).practice_info).toMatchObject({
      tax_id: '00-1234567',
      place_of_service: '11',
      messaging_counts_as_interactive: false,
    });
    const refused = await call(t, {
      method: 'PUT',
      url,
      cookie: s.staff.therapist.cookie,
      payload: VALID_INFO,
    });
    expect(refused.statusCode).toBe(403);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clinicId, s.clinic.id), eq(auditLog.action, 'billing.info_update')));
    expect(audit).toHaveLength(1);
  });

  it('names a wrong NPI check digit, and hides another clinic behind 404', async () => {
    const s = await setUp();
    const url = `/clinic/${s.clinic.code}/billing-info`;
    const bad = await call(t, {
      method: 'PUT',
      url,
      cookie: s.staff.admin.cookie,
      payload: { ...VALID_INFO, provider_info: { ...VALID_INFO.provider_info, npi: '1922334458' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad))).toMatch(/check digit/);
    const other = await setUp();
    const hidden = await call(t, {
      method: 'GET',
      url: `/clinic/${other.clinic.code}/billing-info`,
      cookie: s.staff.admin.cookie,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('billing files', () => {
  it('makes the CSV and the workbook from the billable lines only', async () => {
    const s = await setUp();
    const check = json<BillingFileCheck>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/10/2026/check-file',
        cookie: s.staff.admin.cookie,
      }),
    );
    expect(check).toMatchObject({ month: 10, year: 2026, uploaded: null });
    expect(check.generated).toMatchObject({ rows: 3, patients: 2 });

    const csv = json<BillingDownload>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/10/2026/download-file?format=csv',
        cookie: s.staff.admin.cookie,
      }),
    );
    expect(csv.name).toMatch(/\.csv$/);
    const lines = Buffer.from(csv.content, 'base64').toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([' Ada"', ' Ada"', ' Bo"']);
    expect(lines.join('\n')).not.toMatch(/Uncovered/);

    const workbook = json<BillingDownload>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/10/2026/download-file',
        cookie: s.staff.admin.cookie,
      }),
    );
    expect(workbook.name).toMatch(/\.xlsx$/);
    const sheet = await readSheet(Buffer.from(workbook.content, 'base64'));
    expect(sheet).toHaveLength(4);
    expect(
      sheet
        .slice(1)
        .map((row) => row[9])
        .sort(),
    ).toEqual(['98977', '98980', '98985']);
    expect(sheet.slice(1).every((row) => String(row[18]).length > 0)).toBe(true);

    // Coverage turned off after the month was computed: the file leaves the patient out.
    await t.db.update(patients).set({ isRtmCovered: false }).where(eq(patients.id, s.noCall.id));
    const again = json<BillingDownload>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/10/2026/download-file?format=csv',
        cookie: s.staff.admin.cookie,
      }),
    );
    expect(Buffer.from(again.content, 'base64').toString('utf8')).not.toMatch(/Nocall/);

    const missing = await call(t, {
      method: 'GET',
      url: '/clinic/billing/10/2026/download-file?format=uploaded',
      cookie: s.staff.admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("gives the office manager the claim's ICD-10 code in the file, never the diagnosis (minimum necessary)", async () => {
    const s = await setUp();
    const csv = json<BillingDownload>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/10/2026/download-file?format=csv',
        cookie: s.staff.manager.cookie,
      }),
    );
    const text = Buffer.from(csv.content, 'base64').toString('utf8');
    const [header, ...rows] = text.trim().split('\r\n');
    const column = header!.split(',').indexOf('Diagnosis (ICD-10)');
    expect(column).toBeGreaterThan(-1);
    const ada = rows.filter((row) => row.includes('Billed'));
    expect(ada.length).toBeGreaterThan(0);
    expect(ada.every((row) => row.includes(',M17.11,'))).toBe(true);
    expect(text).not.toMatch(/osteoarthritis/i);
    for (const url of [
      '/clinic/billing-units?month=10&year=2026',
      `/clinic/billing-units/patient/${s.billed.id}?month=10&year=2026`,
      '/clinic/billing/10/2026/check-file',
    ]) {
      const answer = await call(t, { method: 'GET', url, cookie: s.staff.manager.cookie });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).not.toMatch(/osteoarthritis|M17\.?11/i);
    }
  });

  it("lets the admin upload the month's file, raising the '1' badge for billing staff", async () => {
    const s = await setUp();
    const payload = {
      name: 'october.csv',
      content: Buffer.from('a,b\r\n1,2\r\n').toString('base64'),
    };
    const url = '/clinic/billing/10/2026/upload-file';
    expect(
      (await call(t, { method: 'POST', url, cookie: s.staff.manager.cookie, payload })).statusCode,
    ).toBe(403);
    const uploaded = await call(t, { method: 'POST', url, cookie: s.staff.admin.cookie, payload });
    expect(uploaded.statusCode).toBe(201);
    expect(json<UploadedBillingFile>(uploaded)).toMatchObject({
      month: 10,
      year: 2026,
      name: 'october.csv',
      size: 10,
    });
    const [therapist] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, s.staff.therapist.user.id));
    expect(therapist?.isNewBillingUploaded).toBe(true);
    const [supervisor] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, s.staff.supervisor.user.id));
    expect(supervisor?.isNewBillingUploaded).toBe(false);

    const download = json<BillingDownload>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/10/2026/download-file?format=uploaded',
        cookie: s.staff.therapist.cookie,
      }),
    );
    expect(Buffer.from(download.content, 'base64').toString()).toBe('a,b\r\n1,2\r\n');
    const list = json<{ count: number }>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/files',
        cookie: s.staff.therapist.cookie,
      }),
    );
    expect(list.count).toBe(1);
    const other = await setUp();
    const otherList = json<{ count: number }>(
      await call(t, {
        method: 'GET',
        url: '/clinic/billing/files',
        cookie: other.staff.admin.cookie,
      }),
    );
    expect(otherList.count).toBe(0);
  });

  it('refuses a file that is not a billing file, empty, or too large', async () => {
    const s = await setUp();
    const url = '/clinic/billing/10/2026/upload-file';
    const post = (payload: object) =>
      call(t, { method: 'POST', url, cookie: s.staff.admin.cookie, payload });
    expect((await post({ name: 'run.exe', content: 'AAAA' })).statusCode).toBe(400);
    expect((await post({ name: '../x.csv', content: 'AAAA' })).statusCode).toBe(400);
    expect((await post({ name: 'x.csv', content: 'not base64!' })).statusCode).toBe(400);
    expect((await post({ name: 'x.csv', content: '' })).statusCode).toBe(422);
    // Security issue 28: the content must be the kind of file its name says.
    const formula = await post({
      name: 'x.csv',
      content: Buffer.from('Patient,Amount\r\n=HYPERLINK("https://evil.example"),1\r\n').toString(
        'base64',
      ),
    });
    expect(formula.statusCode).toBe(422);
    expect(formula.json().error.fields.content).toMatch(/Row 2 has a formula/);
    const page = await post({
      name: 'x.csv',
      content: Buffer.from('<script>alert(1)</script>').toString('base64'),
    });
    expect(page.statusCode).toBe(422);
    const notPdf = await post({ name: 'x.pdf', content: Buffer.from('a,b\n').toString('base64') });
    expect(notPdf.json().error.fields.content).toMatch(/not a PDF/);
    expect(
      (
        await call(t, { method: 'GET', url: '/clinic/billing/files', cookie: s.staff.admin.cookie })
      ).json().count,
    ).toBe(0);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64');
    expect((await post({ name: 'x.csv', content: big })).statusCode).toBe(413);
    const future = await call(t, {
      method: 'POST',
      url: '/clinic/billing/12/2026/upload-file',
      cookie: s.staff.admin.cookie,
      payload: { name: 'x.csv', content: 'AAAA' },
    });
    expect(future.statusCode).toBe(422);
  });
});
