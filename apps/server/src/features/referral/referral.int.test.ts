import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditLog, outboxMessages } from '../../db/schema';
import {
  call,
  clinicWithStaff,
  createClinic,
  createTestApp,
  createUser,
  sessionCookie,
  testAppForFile,
  testConfig,
  testDatabase,
  unique,
} from '../../test/harness';

const t = testAppForFile();

const URL_PATH = '/clinic/referral/send-email';

function referral(overrides: Record<string, unknown> = {}) {
  return {
    email: `${unique('lee')}@Example.com`,
    first_name: 'Lee',
    last_name: 'Chen',
    action_url: `${t.config.publicUrl}/therapist-signup`,
    ...overrides,
  };
}

describe('referral e-mails (spec §7 POST /clinic/referral/send-email)', () => {
  it('every staff role sends one that names them and their clinic, and it is audited', async () => {
    const { clinic, staff } = await clinicWithStaff(t);
    for (const { user, cookie } of Object.values(staff)) {
      const payload = referral();
      const response = await call(t, { method: 'POST', url: URL_PATH, cookie, payload });
      expect(response.statusCode, user.role).toBe(202);
      expect(response.json()).toEqual({ email: payload.email.toLowerCase() });
      const mail = t.mailer.sent.findLast((message) => message.to === payload.email.toLowerCase());
      expect(mail?.subject).toBe(`${user.firstName} ${user.lastName} invites you to Homestretch`);
      expect(mail?.text).toContain(`of ${clinic.name} invites you`);
      expect(mail?.text).toContain(payload.action_url);
      expect(mail?.clinicId).toBe(clinic.id);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'referral.sent'), eq(auditLog.actorUserId, user.id)));
      expect(audit).toMatchObject({ clinicId: clinic.id });
      expect(audit?.details).toMatchObject({ email: payload.email.toLowerCase() });
    }
  });

  it('refuses patients, accounts waiting for approval, and anonymous callers', async () => {
    const clinic = await createClinic(t.db);
    const patient = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
    const waiting = await createUser(t.db, {
      clinicId: clinic.id,
      role: 'therapist',
      approvalStatus: 'pending',
    });
    const asPatient = await call(t, {
      method: 'POST',
      url: URL_PATH,
      cookie: await sessionCookie(t, patient.id),
      payload: referral(),
    });
    expect(asPatient.statusCode).toBe(403);
    expect(asPatient.json().error.message).toBe(
      'Your role (Patient) may not send referral e-mails.',
    );
    const asWaiting = await call(t, {
      method: 'POST',
      url: URL_PATH,
      cookie: await sessionCookie(t, waiting.id),
      payload: referral(),
    });
    expect(asWaiting.statusCode).toBe(403);
    expect(asWaiting.json().error.code).toBe('approval_pending');
    expect((await call(t, { method: 'POST', url: URL_PATH, payload: referral() })).statusCode).toBe(
      401,
    );
  });

  it('names each bad field (400), and refuses a link to another site (422) without mailing', async () => {
    const { staff } = await clinicWithStaff(t);
    const cookie = staff.therapist.cookie;
    const bad = await call(t, {
      method: 'POST',
      url: URL_PATH,
      cookie,
      payload: { email: 'nope', first_name: ' ', action_url: '', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(
      ['action_url', 'email', 'extra', 'first_name', 'last_name'].sort(),
    );
    const broken = await call(t, {
      method: 'POST',
      url: URL_PATH,
      cookie,
      payload: referral({ first_name: 'Lee\r\nBcc: everyone@example.com', last_name: 'A\tB' }),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.fields).toEqual({
      first_name: 'Must not contain line breaks or control characters',
      last_name: 'Must not contain line breaks or control characters',
    });
    const before = t.mailer.sent.length;
    for (const action_url of [
      'https://phishing.example.com/login',
      'javascript:alert(1)',
      `${t.config.publicUrl}@phishing.example.com/`,
      `${t.config.publicUrl}/login?next=//evil.example/phish`,
    ]) {
      const refused = await call(t, {
        method: 'POST',
        url: URL_PATH,
        cookie,
        payload: referral({ action_url }),
      });
      expect(refused.statusCode, action_url).toBe(422);
      expect(refused.json().error.fields.action_url).toBeDefined();
    }
    expect(t.mailer.sent.length).toBe(before);
  });

  it('limits invitations per sender and per address, with Retry-After and words (429)', async () => {
    const limited = await createTestApp({
      limits: {
        referralPerUser: { max: 2, windowMs: 60 * 60_000 },
        referralPerRecipient: { max: 1, windowMs: 24 * 60 * 60_000 },
      },
    });
    try {
      const { staff } = await clinicWithStaff(limited);
      const send = (cookie: string, email: string) =>
        call(limited, {
          method: 'POST',
          url: URL_PATH,
          cookie,
          payload: referral({ email, action_url: `${limited.config.publicUrl}/therapist-signup` }),
        });
      const first = `${unique('a')}@example.com`;
      expect((await send(staff.therapist.cookie, first)).statusCode).toBe(202);
      // The same address from a colleague: once a day is enough.
      const again = await send(staff.manager.cookie, first);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe(String(24 * 3600));
      expect(again.json().error.message).toBe(
        'You have sent as many invitations as we allow for now. Try again in 24 hours.',
      );
      expect((await send(staff.therapist.cookie, `${unique('b')}@example.com`)).statusCode).toBe(
        202,
      );
      const third = await send(staff.therapist.cookie, `${unique('c')}@example.com`);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBe('3600');
      expect(third.json().error.message).toMatch(/Try again in 1 hour\.$/);
    } finally {
      await limited.close();
    }
  });

  it('limits invitations per clinic, whoever sends them', async () => {
    const limited = await createTestApp({
      limits: { referralPerClinic: { max: 2, windowMs: 24 * 60 * 60_000 } },
    });
    try {
      const { staff } = await clinicWithStaff(limited);
      const statuses: number[] = [];
      for (const cookie of [staff.therapist.cookie, staff.manager.cookie, staff.admin.cookie]) {
        const response = await call(limited, {
          method: 'POST',
          url: URL_PATH,
          cookie,
          payload: referral({ action_url: `${limited.config.publicUrl}/therapist-signup` }),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the referral through the real outbox mailer', () => {
  it('stores one outbox row with the plain and the escaped HTML message', async () => {
    const database = await testDatabase();
    const config = testConfig({ PUBLIC_URL: 'https://pt.example.org' });
    const app = await buildApp({
      db: database.db,
      config,
      clock: t.clock,
      logger: false,
      webRoot: null,
    });
    try {
      const clinic = await createClinic(database.db, { name: 'Riverside <Physio>' });
      const sender = await createUser(database.db, {
        clinicId: clinic.id,
        role: 'therapist',
        firstName: 'Dana',
        lastName: 'Reyes',
      });
      const email = `${unique('lee')}@example.com`;
      const response = await app.inject({
        method: 'POST',
        url: URL_PATH,
        headers: {
          cookie: await sessionCookie({ ...t, db: database.db, config }, sender.id),
        },
        payload: {
          email,
          first_name: 'Lee',
          last_name: 'Chen',
          action_url: 'https://pt.example.org/therapist-signup',
        },
      });
      expect(response.statusCode).toBe(202);
      const rows = await database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
        .orderBy(desc(outboxMessages.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        clinicId: clinic.id,
        channel: 'email',
        subject: 'Dana Reyes invites you to Homestretch',
      });
      expect(rows[0]?.bodyText).toContain('Dana Reyes of Riverside <Physio> invites you');
      expect(rows[0]?.bodyText).toContain('https://pt.example.org/therapist-signup');
      expect(rows[0]?.bodyHtml).toContain('Riverside &lt;Physio&gt;');
      expect(rows[0]?.bodyHtml).toContain('href="https://pt.example.org/therapist-signup"');
    } finally {
      await app.close();
    }
  });
});
