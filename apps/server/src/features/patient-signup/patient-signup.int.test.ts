import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpCodes, patients } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  cookieOf,
  createClinic,
  createPatient,
  createUser,
  testAppForFile,
  unique,
} from '../../test/harness';

const t = testAppForFile({ limits: { otpPerPhone: { max: 3, windowMs: 60 * 60_000 } } });

let phoneCounter = 0;
/** A fresh US number per scenario (limits count per phone), a real one: (212) 5xx-xxxx. */
function newPhone(): { typed: string; e164: string } {
  phoneCounter += 1;
  const digits = `2125${String(Date.now() % 1_000).padStart(3, '0')}${String(phoneCounter).padStart(3, '0')}`;
  return {
    typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    e164: `+1${digits}`,
  };
}

const sendOtp = (phone: string, ip = '10.1.0.1') =>
  call(t, {
    method: 'POST',
    url: '/clinic/patient/send-otp',
    payload: { phone },
    remoteAddress: ip,
  });
const verifyOtp = (phone: string, otp: string) =>
  call(t, { method: 'POST', url: '/clinic/patient/verify-otp', payload: { phone, otp } });

function codeSentTo(e164: string): string {
  const text = t.sms.lastTo(e164)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) {
    throw new Error(`no code sent to ${e164}`);
  }
  return code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function register(payload: Record<string, unknown>) {
  return call(t, { method: 'POST', url: '/clinic/patient/qr-registration', payload });
}

describe('phone verification', () => {
  it('texts a 6-digit code, stored only as a hash, and verifies it', async () => {
    const phone = newPhone();
    const sent = await sendOtp(phone.typed);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true, phone: phone.e164, expires_in_seconds: 600 });
    const code = codeSentTo(phone.e164);
    const [stored] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone.e164));
    expect(stored?.codeHash).toMatch(/^\$argon2id\$/);
    expect(stored?.codeHash).not.toContain(code);
    const verified = await verifyOtp(phone.typed, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      verified: true,
      phone: phone.e164,
      valid_until: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    // A retry after a lost answer answers the same.
    expect((await verifyOtp(phone.e164, code)).statusCode).toBe(200);
  });

  it('counts wrong tries and burns the code at the fifth', async () => {
    const phone = newPhone();
    await sendOtp(phone.e164);
    const code = codeSentTo(phone.e164);
    for (const left of [4, 3, 2, 1]) {
      const response = await verifyOtp(phone.e164, wrong(code));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.otp).toBe(
        `Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    }
    expect((await verifyOtp(phone.e164, wrong(code))).json().error.fields.otp).toMatch(/last try/);
    const burnt = await verifyOtp(phone.e164, code);
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json().error.fields.otp).toBe('Too many wrong tries. Ask for a new code.');
  });

  it('expires after ten minutes; a new code replaces the old one', async () => {
    const phone = newPhone();
    await sendOtp(phone.e164);
    const first = codeSentTo(phone.e164);
    t.clock.advance(10 * 60_000);
    expect((await verifyOtp(phone.e164, first)).json().error.fields.otp).toMatch(/expired/);
    await sendOtp(phone.e164);
    const second = codeSentTo(phone.e164);
    if (second !== first) {
      expect((await verifyOtp(phone.e164, first)).statusCode).toBe(400);
    }
    expect((await verifyOtp(phone.e164, second)).statusCode).toBe(200);
  });

  it('limits codes per phone with 429 and Retry-After, and names a bad phone or code', async () => {
    const phone = newPhone();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await sendOtp(phone.e164)).statusCode).toBe(200);
    }
    const limited = await sendOtp(phone.e164);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const bad = await call(t, {
      method: 'POST',
      url: '/clinic/patient/verify-otp',
      payload: { phone: 'call me', otp: '12ab' },
    });
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['otp', 'phone']);
    expect((await sendOtp('12345')).json().error.fields.phone).toBeDefined();
    expect((await verifyOtp(newPhone().e164, '123456')).json().error.fields.otp).toMatch(
      /No code is waiting/,
    );
  });
});

describe('QR self sign-up: POST /clinic/patient/qr-registration', () => {
  async function verifiedPhone() {
    const phone = newPhone();
    await sendOtp(phone.e164);
    await verifyOtp(phone.e164, codeSentTo(phone.e164));
    return phone;
  }

  it('needs a verified phone, creates the patient login, signs in, and uses the check once', async () => {
    const clinic = await createClinic(t.db, { name: 'Harbor Rehab' });
    const email = `${unique('maria')}@example.com`;
    const base = {
      clinic_code: clinic.code.toLowerCase(),
      email,
      password: 'a-long-passphrase',
      first_name: 'María',
      last_name: 'Gómez',
      gender: 'female',
      birthday: '1970-05-06',
    };
    const unverified = await register({ ...base, phone: newPhone().e164 });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().error.fields.phone).toMatch(/not been verified/);

    const phone = await verifiedPhone();
    const response = await register({ ...base, phone: phone.typed });
    expect(response.statusCode).toBe(201);
    const { user, patient } = response.json();
    expect(user).toMatchObject({ email, role: 'patient', code: clinic.code });
    expect(patient).toMatchObject({
      first_name: 'María',
      last_name: 'Gómez',
      phone: phone.e164,
      email,
      has_app_account: true,
      clinic_code: clinic.code,
    });
    const me = await call(t, { method: 'GET', url: '/app-api/me', cookie: cookieOf(response) });
    expect(me.json().patient.id).toBe(patient.id);

    const twice = await register({
      ...base,
      email: `${unique('again')}@example.com`,
      phone: phone.e164,
    });
    expect(twice.statusCode).toBe(422);
  });

  it('joins the record staff registered for the same phone instead of duplicating it', async () => {
    const { clinic } = await clinicWithStaff(t);
    const phone = await verifiedPhone();
    const existing = await createPatient(t.db, {
      clinicId: clinic.id,
      firstName: 'Sam',
      lastName: 'Ortiz',
      phone: phone.e164,
      diagnosis: 'Cervicalgia',
    });
    const response = await register({
      clinic_code: clinic.code,
      email: `${unique('sam')}@example.com`,
      password: 'a-long-passphrase',
      first_name: 'Samuel',
      last_name: 'Ortiz',
      phone: phone.e164,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().patient).toMatchObject({
      id: existing.id,
      first_name: 'Sam',
      diagnosis: 'Cervicalgia',
      has_app_account: true,
    });
    const rows = await t.db.select().from(patients).where(eq(patients.clinicId, clinic.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a taken e-mail (keeping the verification) and an unknown clinic; names bad fields', async () => {
    const clinic = await createClinic(t.db);
    const phone = await verifiedPhone();
    const someone = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const body = {
      clinic_code: clinic.code,
      email: someone.email,
      password: 'a-long-passphrase',
      first_name: 'A',
      last_name: 'B',
      phone: phone.e164,
    };
    const taken = await register(body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toBeDefined();
    const unknownClinic = await register({
      ...body,
      clinic_code: 'NOPE99',
      email: 'x@example.com',
    });
    expect(unknownClinic.json().error.fields.clinic_code).toMatch(/No clinic/);
    // The failed attempts did not use up the verification.
    const ok = await register({ ...body, email: `${unique('ok')}@example.com` });
    expect(ok.statusCode).toBe(201);

    const bad = await register({ clinic_code: 'x', email: 'no', password: 'short', role: 'admin' });
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(
      ['clinic_code', 'email', 'first_name', 'last_name', 'password', 'phone', 'role'].sort(),
    );
  });
});

describe('patient sign-in and the patient app', () => {
  it('signs in through the shared door and reaches only their own record', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    const email = `${unique('pat')}@example.com`;
    const phone = newPhone();
    await sendOtp(phone.e164);
    await verifyOtp(phone.e164, codeSentTo(phone.e164));
    const registered = await register({
      clinic_code: clinic.code,
      email,
      password: 'a-long-passphrase',
      first_name: 'Pat',
      last_name: 'Own',
      phone: phone.e164,
    });
    const other = await createPatient(t.db, { clinicId: clinic.id }, [staff.therapist.user.id]);

    const signIn = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email, password: 'a-long-passphrase' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.role).toBe('patient');
    const cookie = cookieOf(signIn);
    const me = await call(t, { method: 'GET', url: '/app-api/me', cookie });
    expect(me.json().patient.id).toBe(registered.json().patient.id);
    for (const url of [
      `/api/v1/patients/${other.id}/`,
      `/api/v1/patients/${registered.json().patient.id}/`,
      '/api/v1/patients/',
      `/user/therapist/dashboard/progress/${other.id}`,
      `/user/therapist/dashboard/health/${other.id}`,
      '/clinic/therapist',
    ]) {
      expect((await call(t, { method: 'GET', url, cookie })).statusCode, url).toBe(403);
    }
    // Staff have no patient-app record.
    expect(
      (await call(t, { method: 'GET', url: '/app-api/me', cookie: staff.therapist.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await call(t, { method: 'GET', url: '/app-api/me' })).statusCode).toBe(401);
  });
});
