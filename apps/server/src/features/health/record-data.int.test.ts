import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile();

const fdUrl = (id: number) => `/user/therapist/dashboard/functional-data/${id}`;

describe('functional data: GET/POST/PATCH /user/therapist/dashboard/functional-data/{patientId}', () => {
  it('adds a measure with entries, lists it, renames it and replaces its entries', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, [
      staff.therapist.user.id,
      staff.remote_therapist.user.id,
    ]);
    const created = await call(t, {
      method: 'POST',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: {
        name: 'Grip strength',
        unit: 'kg',
        entries: [
          { value: 22.5, date: '2026-10-30' },
          { value: 20, date: '2026-10-20' },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Grip strength',
      unit: 'kg',
      entries: [
        { value: 20, date: '2026-10-20' },
        { value: 22.5, date: '2026-10-30' },
      ],
    });
    const id = created.json().datatype_id;
    const bare = await call(t, {
      method: 'POST',
      url: fdUrl(patient.id),
      cookie: staff.remote_therapist.cookie,
      payload: { name: 'Timed up and go' },
    });
    expect(bare.json()).toMatchObject({ unit: '', entries: [] });

    const updated = await call(t, {
      method: 'PATCH',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: {
        datatype_id: id,
        name: 'Grip strength (right)',
        entries: [{ value: 25, date: '2026-11-02' }],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      datatype_id: id,
      name: 'Grip strength (right)',
      unit: 'kg',
      entries: [{ value: 25, date: '2026-11-02' }],
    });
    const listed = await call(t, {
      method: 'GET',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
    });
    expect(listed.json().count).toBe(2);
    expect(listed.json().results.map((row: { name: string }) => row.name)).toEqual([
      'Grip strength (right)',
      'Timed up and go',
    ]);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patient.id)));
    expect(audits.map((audit) => audit.action).sort()).toEqual([
      'health.functional_data_created',
      'health.functional_data_created',
      'health.functional_data_read',
      'health.functional_data_updated',
    ]);
  });

  it('refuses a taken name, future or repeated dates, and a measure of another patient', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);
    const sibling = await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);
    const post = (id: number, payload: Record<string, unknown>) =>
      call(t, { method: 'POST', url: fdUrl(id), cookie: staff.therapist.cookie, payload });
    await post(patient.id, { name: 'ROM', unit: '°' });
    const taken = await post(patient.id, { name: 'rom' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.name).toBeDefined();
    // Two at once: both pass the check, the database's unique index refuses the second alike.
    const racing = await Promise.all([
      post(patient.id, { name: 'Grip' }),
      post(patient.id, { name: 'GRIP' }),
    ]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const future = await post(patient.id, {
      name: 'Balance',
      entries: [
        { value: 1, date: '2026-11-02' },
        { value: 2, date: '2026-11-03' },
      ],
    });
    expect(future.json().error.fields).toEqual({ 'entries.1.date': 'Cannot be in the future' });
    const bad = await post(patient.id, {
      name: '',
      entries: [
        { value: 'x', date: '2026-10-01' },
        { value: 1, date: '01/10/2026' },
      ],
      colour: 'red',
    });
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'colour',
      'entries.0.value',
      'entries.1.date',
      'name',
    ]);
    const repeated = await post(patient.id, {
      name: 'Reach',
      entries: [
        { value: 1, date: '2026-10-01' },
        { value: 2, date: '2026-10-01' },
      ],
    });
    expect(repeated.json().error.fields.entries).toBe('One entry per date');
    const siblingMeasure = await post(sibling.id, { name: 'Sit to stand' });
    const crossed = await call(t, {
      method: 'PATCH',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: { datatype_id: siblingMeasure.json().datatype_id, name: 'Mine now' },
    });
    expect(crossed.statusCode).toBe(404);
    const noId = await call(t, {
      method: 'PATCH',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: { name: 'X' },
    });
    expect(noId.json().error.fields.datatype_id).toBeDefined();
  });

  it("takes a measurement of the clinic's today when the UTC day is already tomorrow", async () => {
    // 01:30 UTC on 25 November is 20:30 on the 24th in New York, the clinic's zone.
    const shift = Date.parse('2026-11-25T01:30:00Z') - t.clock.now().getTime();
    t.clock.advance(shift);
    try {
      const { clinic, staff } = await clinicWithStaff(t);
      const patient = await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);
      const post = (date: string) =>
        call(t, {
          method: 'POST',
          url: fdUrl(patient.id),
          cookie: staff.therapist.cookie,
          payload: { name: `ROM ${date}`, entries: [{ value: 95, date }] },
        });
      const today = await post('2026-11-24');
      expect(today.statusCode).toBe(201);
      expect(today.json().entries).toEqual([{ value: 95, date: '2026-11-24' }]);
      const tomorrow = await post('2026-11-25');
      expect(tomorrow.statusCode).toBe(400);
      expect(tomorrow.json().error.fields).toEqual({ 'entries.0.date': 'Cannot be in the future' });
    } finally {
      t.clock.advance(-shift);
    }
  });

  it('refuses a date before 1900 or an id beyond PostgreSQL’s integer with 400, not 500', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const ancient = await call(t, {
      method: 'POST',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: { name: 'ROM', entries: [{ value: 90, date: '0000-01-01' }] },
    });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error.fields).toEqual({
      'entries.0.date': 'Must be from 1900-01-01 to 2100-12-31',
    });
    const huge = await call(t, {
      method: 'PATCH',
      url: fdUrl(patient.id),
      cookie: staff.therapist.cookie,
      payload: { datatype_id: 3_000_000_000, name: 'ROM' },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({ datatype_id: 'Must be at most 2147483647' });
    const path = await call(t, {
      method: 'GET',
      url: fdUrl(3_000_000_000),
      cookie: staff.therapist.cookie,
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().error.fields).toEqual({ patientId: 'Must be at most 2147483647' });
  });

  it('is clinical: managers 403; another clinic 404', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { name: 'ROM' }],
      ['PATCH', { datatype_id: 1, name: 'ROM' }],
    ] as const) {
      const request = { method, url: fdUrl(patient.id), ...(payload ? { payload } : {}) };
      expect((await call(t, { ...request, cookie: staff.manager.cookie })).statusCode).toBe(403);
      expect(
        (await call(t, { ...request, cookie: outsider.staff.therapist.cookie })).statusCode,
      ).toBe(404);
    }
  });
});

describe('banners on the patient record', () => {
  it('shows a quiet patient’s banner until the caller snoozes it, for the caller only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      onboardedAt: new Date('2026-10-20T14:00:00Z'),
    });
    const banners = (cookie: string) =>
      call(t, { method: 'GET', url: `/user/therapist/banners/${patient.id}`, cookie });
    const before = await banners(staff.therapist.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      count: 1,
      results: [
        {
          banner: 'no_activity',
          title: 'No activity',
          message: 'No data from the app since onboarding 13 days ago.',
        },
      ],
    });
    const snoozed = await call(t, {
      method: 'POST',
      url: `/user/therapist/banners/${patient.id}/no_activity/snooze`,
      cookie: staff.therapist.cookie,
    });
    expect(snoozed.statusCode).toBe(200);
    expect(snoozed.json()).toEqual({
      banner: 'no_activity',
      snoozed_until: '2026-11-09T15:00:00.000Z',
    });
    // Snoozing again moves the end.
    const longer = await call(t, {
      method: 'POST',
      url: `/user/therapist/banners/${patient.id}/no_activity/snooze`,
      cookie: staff.therapist.cookie,
      payload: { days: 14 },
    });
    expect(longer.json().snoozed_until).toBe('2026-11-16T15:00:00.000Z');
    expect((await banners(staff.therapist.cookie)).json().count).toBe(0);
    expect((await banners(staff.remote_therapist.cookie)).json().count).toBe(1);
    const snoozes = await call(t, {
      method: 'GET',
      url: `/user/therapist/banners/${patient.id}/snoozes`,
      cookie: staff.therapist.cookie,
    });
    expect(snoozes.json()).toEqual({
      count: 1,
      results: [{ banner: 'no_activity', snoozed_until: '2026-11-16T15:00:00.000Z' }],
    });
    const snoozeReads = await t.db
      .select({ actor: auditLog.actorUserId, clinic: auditLog.clinicId })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'health.banner_snoozes_read'), eq(auditLog.patientId, patient.id)),
      );
    expect(snoozeReads).toEqual([{ actor: staff.therapist.user.id, clinic: clinic.id }]);
  });

  it('snoozes "Call due" only until the month’s last day begins, and lifts a snooze', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      onboardedAt: new Date('2026-10-20T14:00:00Z'),
      isRtmCovered: true,
    });
    const url = `/user/therapist/banners/${patient.id}/call_due/snooze`;
    // Nov 23: "a call in the next 8 days". Seven days would hide it past the month's end.
    const toNov23 = 21 * 86_400_000;
    t.clock.advance(toNov23);
    // Three weeks on: a new session.
    const cookie = await sessionCookie(t, staff.therapist.user.id);
    const shown = async () =>
      (await call(t, { method: 'GET', url: `/user/therapist/banners/${patient.id}`, cookie }))
        .json()
        .results.map((banner: { banner: string }) => banner.banner);
    try {
      expect(await shown()).toContain('call_due');
      const snoozed = await call(t, { method: 'POST', url, cookie, payload: { days: 7 } });
      // Midnight starting Nov 30 in New York, the clinic's zone.
      expect(snoozed.json()).toEqual({
        banner: 'call_due',
        snoozed_until: '2026-11-30T05:00:00.000Z',
      });
      expect(await shown()).not.toContain('call_due');

      const lifted = await call(t, { method: 'DELETE', url, cookie });
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json()).toEqual({ ok: true });
      expect(await shown()).toContain('call_due');
      const snoozes = await call(t, {
        method: 'GET',
        url: `/user/therapist/banners/${patient.id}/snoozes`,
        cookie,
      });
      expect(snoozes.json()).toEqual({ count: 0, results: [] });
      const [audit] = await t.db
        .select({ actor: auditLog.actorUserId, details: auditLog.details })
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'health.banner_unsnoozed'), eq(auditLog.patientId, patient.id)),
        );
      expect(audit).toEqual({ actor: staff.therapist.user.id, details: { banner: 'call_due' } });
      // Lifting what is not snoozed is no error: the banner shows either way.
      expect((await call(t, { method: 'DELETE', url, cookie })).statusCode).toBe(200);
    } finally {
      t.clock.advance(-toNov23);
    }
  });

  it('names a bad banner or duration; managers 403; another clinic 404', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const snooze = (banner: string, cookie: string, payload?: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url: `/user/therapist/banners/${patient.id}/${banner}/snooze`,
        cookie,
        ...(payload ? { payload } : {}),
      });
    expect((await snooze('fire_alarm', staff.therapist.cookie)).json().error.fields.banner).toBe(
      'Banner is one of pain_rising, no_activity, low_adherence, call_due',
    );
    expect(
      (await snooze('pain_rising', staff.therapist.cookie, { days: 31 })).json().error.fields.days,
    ).toBeDefined();
    expect((await snooze('pain_rising', staff.manager.cookie)).statusCode).toBe(403);
    expect((await snooze('pain_rising', outsider.staff.therapist.cookie)).statusCode).toBe(404);
    const lift = (banner: string, cookie: string) =>
      call(t, {
        method: 'DELETE',
        url: `/user/therapist/banners/${patient.id}/${banner}/snooze`,
        cookie,
      });
    expect((await lift('fire_alarm', staff.therapist.cookie)).json().error.fields.banner).toBe(
      'Banner is one of pain_rising, no_activity, low_adherence, call_due',
    );
    expect((await lift('pain_rising', staff.manager.cookie)).statusCode).toBe(403);
    expect((await lift('pain_rising', outsider.staff.therapist.cookie)).statusCode).toBe(404);
    for (const url of [
      `/user/therapist/banners/${patient.id}`,
      `/user/therapist/banners/${patient.id}/snoozes`,
    ]) {
      expect((await call(t, { method: 'GET', url, cookie: staff.manager.cookie })).statusCode).toBe(
        403,
      );
      expect(
        (await call(t, { method: 'GET', url, cookie: outsider.staff.therapist.cookie })).statusCode,
      ).toBe(404);
    }
  });
});
