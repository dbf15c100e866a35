import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  call,
  createClinic,
  createTestApp,
  createUser,
  signUpLinkTo,
  testAppForFile,
  unique,
} from '../../test/harness';

/**
 * Security finding 4: sign-up answered 409 "An account with this email already exists" to 150 of
 * 150 probes, with no rate limit.
 */
const t = testAppForFile({ env: { PUBLIC_URL: 'https://clinic.example.com' } });

const form = (email: string, code: string) => ({
  email,
  password: 'a-long-passphrase',
  first_name: 'Jordan',
  last_name: 'Reyes',
  role: 'therapist',
  code,
});

const signUp = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  call(t, { method: 'POST', url: '/clinic/therapist/signup', payload, remoteAddress });

describe('sign-up does not tell which addresses have accounts', () => {
  it('answers a taken address exactly as a new one, and tells the owner by e-mail', async () => {
    const clinic = await createClinic(t.db);
    const owner = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const fresh = `${unique('fresh')}@example.com`;
    const taken = await signUp(form(owner.email.toUpperCase(), clinic.code));
    const created = await signUp(form(fresh, clinic.code));
    expect(taken.statusCode).toBe(202);
    expect(created.statusCode).toBe(202);
    expect(taken.json()).toEqual(created.json());
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(created.headers['set-cookie']).toBeUndefined();

    const note = t.mailer.sent.findLast((message) => message.to === owner.email);
    expect(note?.subject).toBe('You already have a Homestretch account');
    expect(note?.text).toContain('https://clinic.example.com/find-password');
    expect(note?.text).toContain('https://clinic.example.com/login');
    expect(note?.text).not.toMatch(/token=/);
    // Nothing is created before the link is opened.
    expect(await t.db.select().from(users).where(eq(users.email, fresh))).toHaveLength(0);
  });

  it("sends a patient who owns the address to the patient app's sign-in", async () => {
    const clinic = await createClinic(t.db);
    const patient = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    expect((await signUp(form(patient.email, clinic.code))).statusCode).toBe(202);
    const note = t.mailer.sent.findLast((message) => message.to === patient.email);
    expect(note?.text).toContain('sign in:\nhttps://clinic.example.com/app\n');
    expect(note?.html).toContain('<a href="https://clinic.example.com/app">sign in</a>');
  });

  it('creates the account from the mailed link, once, waiting for approval', async () => {
    const clinic = await createClinic(t.db);
    const email = `${unique('link')}@example.com`;
    await signUp(form(email, clinic.code));
    const link = signUpLinkTo(t, email);
    const confirm = (payload: Record<string, unknown>) =>
      call(t, { method: 'POST', url: '/clinic/therapist/signup/confirm', payload });
    const wrong = await confirm({ ...link, token: 'not-the-token' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields)).toEqual(['token']);
    const opened = await confirm(link);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().user).toMatchObject({ email, approval_status: 'pending' });
    expect(opened.cookies.map((cookie) => cookie.name)).toContain('hs_session');
    expect((await confirm(link)).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const clinic = await createClinic(t.db);
    const email = `${unique('late')}@example.com`;
    await signUp(form(email, clinic.code));
    t.clock.advance(24 * 3_600_000 + 1_000);
    const late = await call(t, {
      method: 'POST',
      url: '/clinic/therapist/signup/confirm',
      payload: signUpLinkTo(t, email),
    });
    expect(late.statusCode).toBe(400);
    const [account] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.clinicId, clinic.id)));
    expect(account).toBeUndefined();
  });

  it('is rate-limited per address and per IP like sign-in', async () => {
    const clinic = await createClinic(t.db);
    const email = `${unique('flood')}@example.com`;
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answers.push((await signUp(form(email, clinic.code), '203.0.113.50')).statusCode);
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    const strict = await createTestApp({ limits: { signUpPerIp: { max: 2, windowMs: 60_000 } } });
    // Its own address each run: PostgreSQL keeps the counters between runs.
    const probeIp = `2001:db8::${randomBytes(4)
      .toString('hex')
      .replace(/(.{4})/, '$1:')}`;
    try {
      const codes = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await call(strict, {
          method: 'POST',
          url: '/clinic/therapist/signup',
          payload: form(`${unique('probe')}@example.com`, clinic.code),
          remoteAddress: probeIp,
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([202, 202, 429]);
    } finally {
      await strict.close();
    }
  });
});
