import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, patients, users } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createPatient,
  createUser,
  sessionCookie,
  testAppForFile,
} from '../../test/harness';

const t = testAppForFile({ env: { PUBLIC_URL: 'https://clinic.example.com' } });

const DAY_MS = 86_400_000;

async function patientCookie(clinicId: number) {
  const user = await createUser(t.db, { clinicId, role: 'patient' });
  return { user, cookie: await sessionCookie(t, user.id) };
}

describe('registering a patient: POST /clinic/patient/register', () => {
  it('a therapist registers a patient they then treat; the code fills in the diagnosis', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: staff.therapist.cookie,
      payload: {
        first_name: ' Zoë ',
        last_name: 'Brontë',
        gender: 'female',
        phone: '(212) 555-0130',
        email: 'Zoe.Bronte@Example.com',
        birthday: '1961-09-30',
        selected_code: 'm54.50',
        is_rtm_covered: true,
      },
    });
    expect(response.statusCode).toBe(201);
    const patient = response.json();
    expect(patient).toMatchObject({
      first_name: 'Zoë',
      last_name: 'Brontë',
      phone: '+12125550130',
      email: 'zoe.bronte@example.com',
      selected_code: 'M5450',
      diagnosis: 'Low back pain, unspecified',
      is_rtm_covered: true,
      status: 'active',
      clinic_code: clinic.code,
      onboarded_at: null,
    });
    expect(patient.therapists.map((therapist: { id: number }) => therapist.id)).toEqual([
      staff.therapist.user.id,
    ]);
    const [row] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row).toMatchObject({ searchName: 'zoe bronte', sortName: 'bronte zoe' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.create'), eq(auditLog.patientId, patient.id)));
    expect(audits).toHaveLength(1);
  });

  it('the front desk registers with the treating therapist named', async () => {
    const { staff } = await clinicWithStaff(t);
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: staff.manager.cookie,
      payload: {
        first_name: 'Omar',
        last_name: 'Haddad',
        therapists: [staff.remote_therapist.user.id],
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().therapists[0].id).toBe(staff.remote_therapist.user.id);
  });

  it('names every bad field, refuses categories and unknown codes, and other clinics’ staff', async () => {
    const { staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const register = (payload: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url: '/clinic/patient/register',
        cookie: staff.therapist.cookie,
        payload,
      });
    const bad = await register({
      first_name: '',
      phone: '12',
      email: 'nope',
      birthday: '1990-02-30',
      gender: 'robot',
      selected_code: '12',
      nickname: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(
      [
        'birthday',
        'email',
        'first_name',
        'gender',
        'last_name',
        'nickname',
        'phone',
        'selected_code',
      ].sort(),
    );
    const base = { first_name: 'A', last_name: 'B' };
    const category = await register({ ...base, selected_code: 'M54.5' });
    expect(category.statusCode).toBe(400);
    expect(category.json().error.fields.selected_code).toMatch(/category/);
    const unknown = await register({ ...base, selected_code: 'Z99ZZZ' });
    expect(unknown.json().error.fields.selected_code).toMatch(/not an ICD-10-CM code/);
    const future = await register({ ...base, birthday: '2030-01-01' });
    expect(future.json().error.fields.birthday).toBe('Birthday cannot be in the future');
    for (const ids of [[outsider.staff.therapist.user.id], [staff.manager.user.id]]) {
      const wrong = await register({ ...base, therapists: ids });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.therapists).toMatch(/Not a therapist of this clinic/);
    }
  });

  it("refuses a birthday after the clinic's today, even while the UTC day is later", async () => {
    // 01:30 UTC on 25 November is 20:30 on the 24th in New York, the clinic's zone.
    const shift = Date.parse('2026-11-25T01:30:00Z') - t.clock.now().getTime();
    t.clock.advance(shift);
    try {
      const { staff } = await clinicWithStaff(t);
      const register = (birthday: string) =>
        call(t, {
          method: 'POST',
          url: '/clinic/patient/register',
          cookie: staff.therapist.cookie,
          payload: { first_name: 'Newborn', last_name: `Baby ${birthday}`, birthday },
        });
      expect((await register('2026-11-24')).statusCode).toBe(201);
      const tomorrow = await register('2026-11-25');
      expect(tomorrow.statusCode).toBe(400);
      expect(tomorrow.json().error.fields).toEqual({
        birthday: 'Birthday cannot be in the future',
      });
    } finally {
      t.clock.advance(-shift);
    }
  });

  it('warns of a likely duplicate in the clinic, and registers it once confirmed', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const register = (cookie: string, payload: Record<string, unknown>) =>
      call(t, { method: 'POST', url: '/clinic/patient/register', cookie, payload });
    const maria = {
      first_name: 'Maria',
      last_name: 'Alvarez',
      birthday: '1980-06-25',
      phone: '212-555-0100',
      email: 'maria.alvarez@example.org',
    };
    const first = await register(staff.therapist.cookie, maria);
    expect(first.statusCode).toBe(201);
    const existing = {
      id: first.json().id,
      first_name: 'Maria',
      last_name: 'Alvarez',
      birthday: '1980-06-25',
    };

    // The same person typed again at the front desk: other case, accents, phone spelling.
    const again = await register(staff.manager.cookie, {
      first_name: 'MARÍA',
      last_name: 'álvarez',
      birthday: '1980-06-25',
      phone: '+1 (212) 555 0100',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'This looks like a patient you already have',
        duplicates: [{ ...existing, matched: ['name_birthday', 'phone'] }],
      },
    });
    const byEmail = await register(staff.therapist.cookie, {
      first_name: 'M.',
      last_name: 'Alvarez-Ruiz',
      email: 'Maria.Alvarez@EXAMPLE.org',
    });
    expect(byEmail.json().error.duplicates).toEqual([{ ...existing, matched: ['email'] }]);

    // Not a duplicate: a namesake born another day, or the same person at another clinic.
    const namesake = await register(staff.therapist.cookie, {
      ...maria,
      birthday: '1991-02-14',
      phone: null,
      email: null,
    });
    expect(namesake.statusCode).toBe(201);
    expect((await register(outsider.staff.therapist.cookie, maria)).statusCode).toBe(201);

    const confirmed = await register(staff.therapist.cookie, { ...maria, confirm_duplicate: true });
    expect(confirmed.statusCode).toBe(201);
    const audits = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.clinicId, clinic.id), eq(auditLog.actorUserId, staff.manager.user.id)),
      );
    expect(audits).toEqual([
      { action: 'patient.duplicates_shown', details: { patient_ids: [existing.id] } },
    ]);
    const [created] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'patient.create'), eq(auditLog.patientId, confirmed.json().id)),
      );
    expect(created?.details).toMatchObject({ confirmed_duplicate: true });
  });

  it('is for staff only', async () => {
    const { clinic } = await clinicWithStaff(t);
    const patient = await patientCookie(clinic.id);
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/patient/register',
      cookie: patient.cookie,
      payload: { first_name: 'A', last_name: 'B' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('updating details: PUT /clinic/patient/{id}/update', () => {
  it('renames (searchable by the new name), clears with null, keeps what is left out', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Kim',
      lastName: 'Lee',
      phone: '+15550001111',
      email: 'kim@example.com',
    });
    const response = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie: staff.manager.cookie,
      payload: { first_name: 'Kimberly', last_name: 'Lée', phone: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Kimberly',
      last_name: 'Lée',
      phone: null,
      email: 'kim@example.com',
    });
    const found = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/?search=kimberly%20lee',
      cookie: staff.manager.cookie,
    });
    expect(found.json().count).toBe(1);
  });

  it('names bad fields; another clinic’s patient is 404; patients cannot', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const bad = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie: staff.therapist.cookie,
      payload: { first_name: 'A', last_name: 'B', email: 'bad' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['email']);
    const foreign = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie: outsider.staff.therapist.cookie,
      payload: { first_name: 'A', last_name: 'B' },
    });
    expect(foreign.statusCode).toBe(404);
    const self = await patientCookie(clinic.id);
    const asPatient = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie: self.cookie,
      payload: { first_name: 'A', last_name: 'B' },
    });
    expect(asPatient.statusCode).toBe(403);
  });
});

describe('discharge: PATCH /clinic/therapist/patient/discharged', () => {
  it('discharges all named patients, or none when one is not the clinic’s', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const a = await createPatient(t.db, { clinicId: clinic.id });
    const b = await createPatient(t.db, { clinicId: clinic.id });
    const foreign = await createPatient(t.db, { clinicId: outsider.clinic.id });
    const refused = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie: staff.therapist.cookie,
      payload: { patient_ids: [a.id, foreign.id] },
    });
    expect(refused.statusCode).toBe(404);
    const [stillActive] = await t.db.select().from(patients).where(eq(patients.id, a.id));
    expect(stillActive?.status).toBe('active');

    const response = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie: staff.therapist.cookie,
      payload: { patient_ids: [a.id, b.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2);
    for (const patient of response.json().results) {
      expect(patient.status).toBe('discharged');
      expect(patient.discharged_at).toBe(t.clock.now().toISOString());
    }
    const empty = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie: staff.therapist.cookie,
      payload: { patient_ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.patient_ids).toBeDefined();
    // Beyond PostgreSQL's integer: refused before the query (it answered 500).
    const huge = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie: staff.therapist.cookie,
      payload: { patient_ids: [3_000_000_000] },
    });
    expect(huge.json().error.fields).toEqual({ 'patient_ids.0': 'Must be at most 2147483647' });
    const self = await patientCookie(clinic.id);
    const asPatient = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie: self.cookie,
      payload: { patient_ids: [a.id] },
    });
    expect(asPatient.statusCode).toBe(403);
  });
});

describe('RTM billing ends with the episode of care (domain/rtm.md)', () => {
  it('discharge turns coverage off everywhere; only re-onboarding turns it back on', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const onboardedAt = new Date(t.clock.now().getTime() - 30 * DAY_MS);
    const patient = await createPatient(
      t.db,
      { clinicId: clinic.id, onboardedAt, isRtmCovered: true },
      [staff.therapist.user.id],
    );
    const cookie = staff.therapist.cookie;
    const discharged = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/patient/discharged',
      cookie,
      payload: { patient_ids: [patient.id] },
    });
    expect(discharged.json().results[0]).toMatchObject({
      status: 'discharged',
      is_rtm_covered: false,
    });
    const record = await call(t, { method: 'GET', url: `/api/v1/patients/${patient.id}/`, cookie });
    expect(record.json().is_rtm_covered).toBe(false);
    const roster = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/?status=all&rtm=true',
      cookie,
    });
    expect(roster.json().results.map((row: { id: number }) => row.id)).not.toContain(patient.id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, patient.id), eq(auditLog.action, 'patient.discharge')));
    expect(audit?.details).toEqual({ rtm_covered_before: true });

    // Billing a discharged patient would need a live episode of care: refused, not stored.
    const switchedOn = await call(t, {
      method: 'PATCH',
      url: `/clinic/patient/${patient.id}/update-rtm-coverage`,
      cookie,
      payload: { is_rtm_covered: true },
    });
    expect(switchedOn.statusCode).toBe(409);
    const edited = await call(t, {
      method: 'PUT',
      url: `/clinic/patient/${patient.id}/update`,
      cookie,
      payload: { first_name: 'Pat', last_name: 'Again', is_rtm_covered: true },
    });
    expect(edited.statusCode).toBe(409);
    const [stored] = await t.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(stored?.isRtmCovered).toBe(false);

    const reOnboarded = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/re_onboard/`,
      cookie,
      payload: {
        diagnosis: 'Cervicalgia',
        therapists: [staff.therapist.user.id],
        is_rtm_covered: true,
      },
    });
    expect(reOnboarded.json()).toMatchObject({ status: 'active', is_rtm_covered: true });
    // The episode that ended stays on the record (issue 30, item 11).
    const again = await call(t, { method: 'GET', url: `/api/v1/patients/${patient.id}/`, cookie });
    expect(again.json().earlier_episodes).toEqual([
      { onboarded_at: onboardedAt.toISOString(), discharged_at: t.clock.now().toISOString() },
    ]);
  });
});

describe('onboarding: POST …/onboard/ and PATCH …/re_onboard/', () => {
  it('starts the episode with diagnosis, code and therapists; once only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const body = {
      diagnosis: 'Impingement syndrome of right shoulder',
      selected_code: 'M75.41',
      therapists: [staff.therapist.user.id, staff.remote_therapist.user.id],
    };
    const response = await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${patient.id}/onboard/`,
      cookie: staff.therapist.cookie,
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      diagnosis: 'Impingement syndrome of right shoulder',
      selected_code: 'M7541',
      onboarded_at: t.clock.now().toISOString(),
    });
    expect(response.json().therapists).toHaveLength(2);
    const again = await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${patient.id}/onboard/`,
      cookie: staff.therapist.cookie,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
  });

  it('re-onboarding corrects an active episode and starts a new one after discharge', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const onboardedAt = new Date(t.clock.now().getTime() - 30 * DAY_MS);
    const patient = await createPatient(t.db, { clinicId: clinic.id, onboardedAt });
    const fresh = await createPatient(t.db, { clinicId: clinic.id });
    const body = {
      diagnosis: 'Cervicalgia',
      selected_code: 'M542',
      therapists: [staff.admin.user.id],
    };
    const notYet = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${fresh.id}/re_onboard/`,
      cookie: staff.therapist.cookie,
      payload: body,
    });
    expect(notYet.statusCode).toBe(409);
    const corrected = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/re_onboard/`,
      cookie: staff.therapist.cookie,
      payload: body,
    });
    expect(corrected.json()).toMatchObject({
      diagnosis: 'Cervicalgia',
      onboarded_at: onboardedAt.toISOString(),
    });
    await t.db
      .update(patients)
      .set({ status: 'discharged', dischargedAt: t.clock.now() })
      .where(eq(patients.id, patient.id));
    t.clock.advance(DAY_MS);
    const renewed = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/re_onboard/`,
      // A day later: a new session.
      cookie: await sessionCookie(t, staff.therapist.user.id),
      payload: { ...body, selected_code: undefined },
    });
    expect(renewed.json()).toMatchObject({
      status: 'active',
      onboarded_at: t.clock.now().toISOString(),
      discharged_at: null,
      selected_code: null,
    });
  });

  it('is clinical: managers 403, other clinics 404, bad fields 400', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id });
    const url = `/api/v1/patients/${patient.id}/onboard/`;
    const body = { diagnosis: 'Cervicalgia', therapists: [staff.therapist.user.id] };
    expect(
      (await call(t, { method: 'POST', url, cookie: staff.manager.cookie, payload: body }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, {
          method: 'POST',
          url,
          cookie: outsider.staff.therapist.cookie,
          payload: { ...body, therapists: [outsider.staff.therapist.user.id] },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call(t, {
      method: 'POST',
      url,
      cookie: staff.therapist.cookie,
      payload: { diagnosis: '', therapists: [] },
    });
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['diagnosis', 'therapists']);
    const wrongTherapist = await call(t, {
      method: 'POST',
      url,
      cookie: staff.therapist.cookie,
      payload: { ...body, therapists: [staff.manager.user.id] },
    });
    expect(wrongTherapist.json().error.fields.therapists).toMatch(/Not a therapist/);
  });
});

describe('RTM coverage and treating therapists', () => {
  it('switches RTM coverage and replaces therapists within the clinic only', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const patient = await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);
    const rtm = await call(t, {
      method: 'PATCH',
      url: `/clinic/patient/${patient.id}/update-rtm-coverage`,
      cookie: staff.manager.cookie,
      payload: { is_rtm_covered: true },
    });
    expect(rtm.json().is_rtm_covered).toBe(true);
    const badRtm = await call(t, {
      method: 'PATCH',
      url: `/clinic/patient/${patient.id}/update-rtm-coverage`,
      cookie: staff.manager.cookie,
      payload: { is_rtm_covered: 'yes' },
    });
    expect(badRtm.json().error.fields.is_rtm_covered).toBeDefined();
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: `/clinic/patient/${patient.id}/update-rtm-coverage`,
          cookie: outsider.staff.manager.cookie,
          payload: { is_rtm_covered: false },
        })
      ).statusCode,
    ).toBe(404);

    const changed = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/change-therapist/`,
      cookie: staff.manager.cookie,
      payload: { therapist_ids: [staff.remote_therapist.user.id] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().therapists.map((therapist: { id: number }) => therapist.id)).toEqual([
      staff.remote_therapist.user.id,
    ]);
    const foreignTherapist = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/change-therapist/`,
      cookie: staff.manager.cookie,
      payload: { therapist_ids: [outsider.staff.therapist.user.id] },
    });
    expect(foreignTherapist.statusCode).toBe(400);
    expect(foreignTherapist.json().error.fields.therapist_ids).toMatch(/Not a therapist/);
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    const unapprovedTherapist = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/change-therapist/`,
      cookie: staff.manager.cookie,
      payload: { therapist_ids: [waiting.id] },
    });
    expect(unapprovedTherapist.statusCode).toBe(400);
    expect(unapprovedTherapist.json().error.fields.therapist_ids).toMatch(/Not a therapist/);
    const hugeTherapist = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/change-therapist/`,
      cookie: staff.manager.cookie,
      payload: { therapist_ids: [3_000_000_000] },
    });
    expect(hugeTherapist.json().error.fields).toEqual({
      'therapist_ids.0': 'Must be at most 2147483647',
    });
    const foreignPatient = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/change-therapist/`,
      cookie: outsider.staff.manager.cookie,
      payload: { therapist_ids: [outsider.staff.therapist.user.id] },
    });
    expect(foreignPatient.statusCode).toBe(404);
    const self = await patientCookie(clinic.id);
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: `/api/v1/patients/${patient.id}/change-therapist/`,
          cookie: self.cookie,
          payload: { therapist_ids: [staff.therapist.user.id] },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('app reminder: POST …/send_app_reminder/', () => {
  it('texts the sign-up link once a day; e-mail when asked; a failed send gives the slot back', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Ines',
      phone: '+15550304050',
      email: 'ines@example.com',
    });
    const url = `/api/v1/patients/${patient.id}/send_app_reminder/`;
    const send = async (payload?: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url,
        // Sessions end after 30 idle minutes; this scenario spans a day.
        cookie: await sessionCookie(t, staff.manager.user.id),
        ...(payload ? { payload } : {}),
      });

    t.sms.failNext = true;
    expect((await send()).statusCode).toBe(503);

    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, channel: 'sms' });
    expect(t.sms.lastTo('+15550304050')?.text).toContain(
      `https://clinic.example.com/patient/signup?code=${clinic.code}`,
    );
    const throttled = await send();
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBe(24 * 3600);

    t.clock.advance(24 * 3_600_000);
    const byMail = await send({ channel: 'email' });
    expect(byMail.json().channel).toBe('email');
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: 'ines@example.com' });
  });

  it('links a patient who has a login to the patient app, by text and by e-mail', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const login = await patientCookie(clinic.id);
    const patient = await createPatient(t.db, {
      clinicId: clinic.id,
      userId: login.user.id,
      phone: '+15550304051',
      email: 'oli@example.com',
    });
    const send = async (channel: string) =>
      call(t, {
        method: 'POST',
        url: `/api/v1/patients/${patient.id}/send_app_reminder/`,
        cookie: await sessionCookie(t, staff.therapist.user.id),
        payload: { channel },
      });
    expect((await send('sms')).statusCode).toBe(200);
    expect(t.sms.lastTo('+15550304051')?.text).toContain(
      'Open the app: https://clinic.example.com/app Sign in with oli@example.com.',
    );
    t.clock.advance(24 * 3_600_000);
    expect((await send('email')).statusCode).toBe(200);
    expect(t.mailer.sent.at(-1)?.html).toContain(
      '<a href="https://clinic.example.com/app">Open the app</a>',
    );
  });

  it('needs a way to reach the patient; names a bad channel; other clinics 404', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const unreachable = await createPatient(t.db, { clinicId: clinic.id });
    const mailOnly = await createPatient(t.db, { clinicId: clinic.id, email: 'm@example.com' });
    const send = (id: number, cookie: string, payload?: Record<string, unknown>) =>
      call(t, {
        method: 'POST',
        url: `/api/v1/patients/${id}/send_app_reminder/`,
        cookie,
        ...(payload ? { payload } : {}),
      });
    expect((await send(unreachable.id, staff.therapist.cookie)).statusCode).toBe(422);
    const noPhone = await send(mailOnly.id, staff.therapist.cookie, { channel: 'sms' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.fields.channel).toBe('This patient has no phone number');
    const badChannel = await send(mailOnly.id, staff.therapist.cookie, { channel: 'fax' });
    expect(badChannel.json().error.fields.channel).toBeDefined();
    expect((await send(mailOnly.id, outsider.staff.therapist.cookie)).statusCode).toBe(404);
    expect((await send(mailOnly.id, staff.therapist.cookie)).json().channel).toBe('email');
  });
});

describe('removal: POST …/remove/', () => {
  it('takes the patient off the roster and closes their app login', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const outsider = await clinicWithStaff(t);
    const login = await patientCookie(clinic.id);
    const patient = await createPatient(t.db, { clinicId: clinic.id, userId: login.user.id });
    expect(
      (await call(t, { method: 'GET', url: '/app-api/me', cookie: login.cookie })).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t, {
          method: 'POST',
          url: `/api/v1/patients/${patient.id}/remove/`,
          cookie: outsider.staff.manager.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, {
          method: 'POST',
          url: `/api/v1/patients/${patient.id}/remove/`,
          cookie: login.cookie,
        })
      ).statusCode,
    ).toBe(403);
    const removed = await call(t, {
      method: 'POST',
      url: `/api/v1/patients/${patient.id}/remove/`,
      cookie: staff.manager.cookie,
    });
    expect(removed.json()).toEqual({ ok: true });
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/v1/patients/${patient.id}/`,
          cookie: staff.therapist.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: 'GET', url: '/app-api/me', cookie: login.cookie })).statusCode,
    ).toBe(401);
    const [account] = await t.db.select().from(users).where(eq(users.id, login.user.id));
    expect(account?.deactivatedAt).not.toBeNull();
  });
});
