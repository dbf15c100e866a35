import { describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  call,
  clinicWithStaff,
  createClinic,
  createUser,
  testAppForFile,
} from '../../test/harness';

/**
 * Security finding 3: ten wrong passwords from anywhere locked the owner out for 15 minutes, even
 * after a reset, and twenty wrong supervisor passwords locked every supervisor of a clinic out.
 */
const t = testAppForFile({ env: { PUBLIC_URL: 'https://clinic.example.com' } });

const ip = (n: number) => `198.51.100.${n}`;

function signIn(email: string, password: string, from: string, device?: string) {
  return call(t, {
    method: 'POST',
    url: '/clinic/therapist/signin',
    payload: { email, password },
    remoteAddress: from,
    ...(device ? { cookie: `hs_device=${device}` } : {}),
  });
}

function deviceOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'hs_device');
  if (!cookie) {
    throw new Error('no device cookie');
  }
  return cookie.value;
}

async function therapist() {
  const clinic = await createClinic(t.db);
  return createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
}

describe('sign-in throttling', () => {
  it('slows one address from one IP with growing delays after five failures', async () => {
    const user = await therapist();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signIn(user.email, 'wrong-password', ip(1))).statusCode).toBe(401);
    }
    const first = await signIn(user.email, TEST_PASSWORD, ip(1));
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    t.clock.advance(1_000);
    expect((await signIn(user.email, 'wrong-password', ip(1))).statusCode).toBe(401);
    const second = await signIn(user.email, TEST_PASSWORD, ip(1));
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    // The same address from another IP is not slowed by this one's failures.
    expect((await signIn(user.email, TEST_PASSWORD, ip(2))).statusCode).toBe(200);
  });

  it("never lets strangers' failures block the owner's browser", async () => {
    const user = await therapist();
    const device = deviceOf(await signIn(user.email, TEST_PASSWORD, ip(10)));
    // A botnet: 3 wrong passwords from each of 20 addresses, past the address's ceiling.
    for (let n = 20; n < 40; n += 1) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await signIn(user.email, 'wrong-password', ip(n));
      }
    }
    expect((await signIn(user.email, TEST_PASSWORD, ip(41))).statusCode).toBe(429);
    const owner = await signIn(user.email, TEST_PASSWORD, ip(41), device);
    expect(owner.statusCode).toBe(200);
  });

  it('lets a password reset clear the address', async () => {
    const user = await therapist();
    for (let n = 50; n < 80; n += 1) {
      await signIn(user.email, 'wrong-password', ip(n));
    }
    expect((await signIn(user.email, TEST_PASSWORD, ip(80))).statusCode).toBe(429);
    await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password',
      payload: { email: user.email },
      remoteAddress: ip(80),
    });
    const mail = t.mailer.sent.findLast((message) => message.to === user.email);
    const match = /uid=(\d+)&token=([\w%-]+)/.exec(mail?.text ?? '');
    const confirm = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/reset-password-confirm',
      payload: {
        uid: match?.[1],
        token: decodeURIComponent(match?.[2] ?? ''),
        password: 'a-brand-new-passphrase',
      },
      remoteAddress: ip(80),
    });
    expect(confirm.statusCode).toBe(200);
    expect((await signIn(user.email, 'a-brand-new-passphrase', ip(80))).statusCode).toBe(200);
  });
});

describe('supervisor sign-in throttling', () => {
  const supervisorSignIn = (code: string, password: string, from: string) =>
    call(t, {
      method: 'POST',
      url: '/clinic/supervisor/signin',
      payload: { code, password },
      remoteAddress: from,
    });

  it("never locks a clinic's supervisors out through the code on the poster", async () => {
    const { clinic } = await clinicWithStaff(t);
    for (let n = 100; n < 130; n += 1) {
      expect((await supervisorSignIn(clinic.code, 'wrong-password', ip(n))).statusCode).toBe(401);
    }
    expect((await supervisorSignIn(clinic.code, TEST_PASSWORD, ip(131))).statusCode).toBe(200);
  });

  it('slows one code from one IP with growing delays', async () => {
    const { clinic } = await clinicWithStaff(t);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await supervisorSignIn(clinic.code, 'wrong-password', ip(140));
    }
    const slowed = await supervisorSignIn(clinic.code, TEST_PASSWORD, ip(140));
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
  });
});
