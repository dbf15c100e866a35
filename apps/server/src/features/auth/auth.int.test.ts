import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import {
  TEST_PASSWORD,
  call,
  cookieOf,
  createClinic,
  createTestApp,
  createUser,
  signUpAndConfirm,
  testAppForFile,
  unique,
} from '../../test/harness';

const t = testAppForFile({ env: { WEB_ORIGINS: 'https://app.homestretch.example' } });

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  call(t, {
    method: 'POST',
    url: '/clinic/therapist/signin',
    payload: { email, password },
    headers,
  });

describe('sign-up with a clinic code', () => {
  it('creates a therapist in that clinic, signs them in, waiting for approval, and lists them first', async () => {
    const clinic = await createClinic(t.db, { name: 'Lakeside PT' });
    const email = `${unique('dana')}@Example.com`;
    const response = await signUpAndConfirm(t, {
      email,
      password: 'a-long-passphrase',
      first_name: 'Dana',
      last_name: 'Whitfield',
      company_name: 'Lakeside PT',
      role: 'therapist',
      code: clinic.code.toLowerCase(),
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'therapist',
      code: clinic.code,
      clinic_name: 'Lakeside PT',
      is_feature_notification_on: true,
      // The clinic code is on the patients' QR poster: knowing it opens no patient data.
      approval_status: 'pending',
    });
    expect(user).not.toHaveProperty('password_hash');
    const me = await call(t, { method: 'GET', url: '/api/v1/users/', cookie: cookieOf(response) });
    expect(me.statusCode).toBe(200);
    expect(me.json().results[0].id).toBe(user.id);
    const patients = await call(t, {
      method: 'GET',
      url: '/api/v1/patients/',
      cookie: cookieOf(response),
    });
    expect(patients.statusCode).toBe(403);
    expect(patients.json().error.code).toBe('approval_pending');
  });

  it('names every bad field, and unknown fields, in a 400', async () => {
    const response = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signup',
      payload: {
        email: 'not-an-email',
        password: 'short',
        first_name: '',
        role: 'patient',
        code: 'X',
        is_admin: true,
      },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields).sort()).toEqual(
      ['code', 'email', 'first_name', 'is_admin', 'last_name', 'password', 'role'].sort(),
    );
    expect(error.fields.is_admin).toBe('Unknown field');
  });

  it('refuses an unknown clinic code', async () => {
    const badCode = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signup',
      payload: {
        password: 'a-long-passphrase',
        first_name: 'A',
        last_name: 'B',
        role: 'manager',
        email: `${unique('x')}@example.com`,
        code: 'NOPE9999',
      },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields.code).toMatch(/No clinic/);
  });
});

describe('sign-in', () => {
  it('answers the same words for a wrong password and an unknown address, and audits both', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const wrong = await signIn(user.email, 'wrong-password');
    const unknown = await signIn(`${unique('ghost')}@example.com`, 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Incorrect email or password');
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.targetId, String(user.id))),
      );
    expect(failures).toHaveLength(1);
  });

  it('signs in, records the last login and audits it; sign-out ends the session', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const response = await signIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieOf(response);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin).not.toBeNull();
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorUserId, user.id)));
    expect(audits).toHaveLength(1);

    const logout = await call(t, { method: 'POST', url: '/authentication/logout', cookie });
    expect(logout.statusCode).toBe(200);
    const after = await call(t, { method: 'GET', url: '/api/v1/users/', cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthenticated');
    const signOuts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_out'), eq(auditLog.actorUserId, user.id)));
    expect(signOuts).toHaveLength(1);
  });

  it('counts failed attempts only until the right password is given', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    // Growing delays for an address and IP: sign-in-throttle.int.test.ts.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(401);
    }
    t.clock.advance(1_000);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The five free failures are free again, with no wait left over from before.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('expire after the idle window and after 12 hours in all', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const cookie = cookieOf(await signIn(user.email, TEST_PASSWORD));
    const me = () => call(t, { method: 'GET', url: '/api/v1/users/', cookie });

    // Activity every 29 minutes keeps the session alive past the 30-minute idle window...
    for (let step = 0; step < 5; step += 1) {
      t.clock.advance(29 * 60_000);
      expect((await me()).statusCode).toBe(200);
    }
    // ...and 31 quiet minutes end it.
    t.clock.advance(31 * 60_000);
    expect((await me()).statusCode).toBe(401);

    const cookie2 = cookieOf(await signIn(user.email, TEST_PASSWORD));
    for (let step = 0; step < 24; step += 1) {
      t.clock.advance(29 * 60_000);
      await call(t, { method: 'GET', url: '/api/v1/users/', cookie: cookie2 });
    }
    t.clock.advance(29 * 60_000);
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/users/', cookie: cookie2 })).statusCode,
    ).toBe(401);
  });
});

describe('cross-origin calls and CSRF', () => {
  it('allows credentialed CORS for configured origins only', async () => {
    const allowed = await call(t, {
      method: 'OPTIONS',
      url: '/clinic/therapist/signin',
      headers: {
        origin: 'https://app.homestretch.example',
        'access-control-request-method': 'POST',
      },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.homestretch.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await call(t, {
      method: 'OPTIONS',
      url: '/clinic/therapist/signin',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives a web app on another site a SameSite=None; Secure cookie when configured', async () => {
    const crossSite = await createTestApp({
      env: {
        WEB_ORIGINS: 'https://clinic-app.example.org',
        COOKIE_SAMESITE: 'none',
        COOKIE_SECURE: 'on',
      },
    });
    try {
      const clinic = await createClinic(crossSite.db);
      const user = await createUser(crossSite.db, { clinicId: clinic.id, role: 'therapist' });
      const origin = { origin: 'https://clinic-app.example.org' };
      const signedIn = await call(crossSite, {
        method: 'POST',
        url: '/clinic/therapist/signin',
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: origin,
      });
      expect(signedIn.statusCode).toBe(200);
      const setCookie = String(signedIn.headers['set-cookie']);
      expect(setCookie).toMatch(/SameSite=None/i);
      expect(setCookie).toMatch(/; Secure/i);
      // Clearing must carry the same attributes, or the browser keeps the old cookie.
      const signedOut = await call(crossSite, {
        method: 'POST',
        url: '/authentication/logout',
        cookie: cookieOf(signedIn),
        headers: origin,
      });
      expect(String(signedOut.headers['set-cookie'])).toMatch(
        /SameSite=None.*Secure|Secure.*SameSite=None/i,
      );
    } finally {
      await crossSite.close();
    }
  });

  it('refuses a state change from a foreign page even with a valid cookie', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const cookie = cookieOf(await signIn(user.email, TEST_PASSWORD));
    const forged = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_rejected');
    const crossSite = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isFeatureNotificationOn).toBe(true);

    const ownPage = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-feature-notification',
      cookie,
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(ownPage.statusCode).toBe(200);
    expect(ownPage.json().is_feature_notification_on).toBe(false);
    const configured = await call(t, {
      method: 'PATCH',
      url: '/user/therapist/cancel-billing-notification',
      cookie,
      headers: { origin: 'https://app.homestretch.example' },
    });
    expect(configured.statusCode).toBe(200);
  });
});

describe('malformed requests', () => {
  it('answers 400 for bad JSON, 413 for a huge body and 415 for a form or text post, never 500', async () => {
    const badJson = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: '{"email": "a@b.c",',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('bad_request');
    const huge = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
    const form = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: 'email=a%40b.c&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const text = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: '{"email": "a@b.c", "password": "x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Send the request body as application/json',
    });
    const wrongTypes = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signin',
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().error.fields).sort()).toEqual(['email', 'password']);
  });

  it('answers an unknown endpoint with the one error shape', async () => {
    const response = await call(t, { method: 'GET', url: '/api/v1/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
