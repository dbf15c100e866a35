import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  call,
  createClinic,
  createTestApp,
  createUser,
  sessionCookie,
  testAppForFile,
  unique,
} from '../../test/harness';

const t = testAppForFile({ env: { PUBLIC_URL: 'https://clinic.example.com' } });

const requestReset = (email: string) =>
  call(t, { method: 'POST', url: '/clinic/therapist/reset-password', payload: { email } });

function linkFrom(text: string): { uid: string; token: string } {
  const match = /https:\/\/clinic\.example\.com\/reset-password\?uid=(\d+)&token=([\w%-]+)/.exec(
    text,
  );
  if (!match?.[1] || !match[2]) {
    throw new Error(`no reset link in: ${text}`);
  }
  return { uid: match[1], token: decodeURIComponent(match[2]) };
}

describe('password reset', () => {
  it('mails a single-use link that sets the password and ends other sessions', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const oldCookie = await sessionCookie(t, user.id);
    const response = await requestReset(user.email);
    expect(response.statusCode).toBe(200);
    const mail = t.mailer.sent.find((message) => message.to === user.email);
    expect(mail?.subject).toBe('Reset your Homestretch password');
    const { uid, token } = linkFrom(mail?.text ?? '');

    const confirm = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: { uid, token, password: 'a-brand-new-passphrase' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().user.id).toBe(user.id);

    expect(
      (await call(t, { method: 'GET', url: '/api/v1/users/', cookie: oldCookie })).statusCode,
    ).toBe(401);
    const signIn = (password: string) =>
      call(t, {
        method: 'POST',
        url: '/clinic/therapist/signin',
        payload: { email: user.email, password },
      });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('a-brand-new-passphrase')).statusCode).toBe(200);

    const reuse = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: { uid, token, password: 'yet-another-passphrase' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.fields.token).toMatch(/invalid or has expired/);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const ghost = await requestReset(`${unique('ghost')}@example.com`);
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'manager' });
    const known = await requestReset(user.email);
    expect(ghost.statusCode).toBe(known.statusCode);
    expect(ghost.json()).toEqual(known.json());
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it('refuses a link after an hour, and an older link once a newer one was sent', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    await requestReset(user.email);
    const first = linkFrom(t.mailer.sent.at(-1)?.text ?? '');
    await requestReset(user.email);
    const second = linkFrom(t.mailer.sent.at(-1)?.text ?? '');
    const confirm = (link: { uid: string; token: string }) =>
      call(t, {
        method: 'POST',
        url: '/clinic/therapist/reset-password-confirm',
        payload: { ...link, password: 'a-brand-new-passphrase' },
      });
    expect((await confirm(first)).statusCode).toBe(400);
    t.clock.advance(61 * 60_000);
    expect((await confirm(second)).statusCode).toBe(400);
  });

  it('refuses a token for another user and a malformed or out-of-range uid', async () => {
    const clinic = await createClinic(t.db);
    const owner = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const other = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    await requestReset(owner.email);
    const { token } = linkFrom(t.mailer.sent.at(-1)?.text ?? '');
    const stolen = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: { uid: String(other.id), token, password: 'a-brand-new-passphrase' },
    });
    expect(stolen.statusCode).toBe(400);
    const malformed = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: { uid: 'abc', token, password: 'a-brand-new-passphrase' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.uid).toBeDefined();
    // Beyond PostgreSQL's integer: refused before it reaches the database (it answered 500).
    const huge = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: { uid: '3000000000', token, password: 'a-brand-new-passphrase' },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({ uid: 'The reset link is invalid' });
  });

  it('tells whether a link still works, without using it, and only that', async () => {
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const other = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    await requestReset(user.email);
    const link = linkFrom(t.mailer.sent.at(-1)?.text ?? '');
    const check = (query: { uid: string; token: string }) =>
      call(t, {
        method: 'GET',
        url: `/clinic/therapist/reset-password-check?${new URLSearchParams(query).toString()}`,
      });

    const live = await check(link);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ valid: true });
    // Checking twice does not use the link up: the password can still be set with it.
    expect((await check(link)).json()).toEqual({ valid: true });
    expect((await check({ uid: String(other.id), token: link.token })).json()).toEqual({
      valid: false,
    });
    expect((await check({ uid: '999999', token: 'not-a-token' })).json()).toEqual({
      valid: false,
    });
    const confirm = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: { ...link, password: 'a-brand-new-passphrase' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await check(link)).json()).toEqual({ valid: false });

    await requestReset(user.email);
    const next = linkFrom(t.mailer.sent.at(-1)?.text ?? '');
    expect((await check(next)).json()).toEqual({ valid: true });
    t.clock.advance(61 * 60_000);
    expect((await check(next)).json()).toEqual({ valid: false });

    const malformed = await check({ uid: 'abc', token: next.token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ uid: 'The reset link is invalid' });
  });

  it('limits link checks per IP', async () => {
    const limited = await createTestApp({
      limits: { resetCheckPerIp: { max: 2, windowMs: 15 * 60_000 } },
    });
    try {
      const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
      const check = (remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/clinic/therapist/reset-password-check?uid=1&token=guess',
          remoteAddress,
        });
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await check(`${prefix}::1`)).statusCode).toBe(200);
      }
      const refused = await check(`${prefix}::1`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
      expect((await check(`${prefix}::2`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits reset requests per address', async () => {
    const email = `${unique('limit')}@example.com`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await requestReset(email)).statusCode).toBe(200);
    }
    const limited = await requestReset(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits reset requests per IP, across e-mail addresses', async () => {
    const limited = await createTestApp({
      limits: { resetPerIp: { max: 3, windowMs: 60 * 60_000 } },
    });
    try {
      // Other tests count against 127.0.0.1 (on PostgreSQL, in the same rate_limits table), so
      // this one comes from its own addresses in the IPv6 documentation range.
      const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
      const ip = `${prefix}::1`;
      const reset = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/clinic/therapist/reset-password',
          remoteAddress,
          payload: { email: `${unique('ip')}@example.com` },
        });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await reset(ip)).statusCode).toBe(200);
      }
      const refused = await reset(ip);
      expect(refused.statusCode).toBe(429);
      // The window is an hour and the test clock stands still.
      expect(refused.headers['retry-after']).toBe('3600');
      expect((await reset(`${prefix}::2`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
