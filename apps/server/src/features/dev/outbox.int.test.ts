import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { createOutboxMailer } from '../../platform/mail';
import { createOutboxSms } from '../../platform/sms';
import { createSession } from '../../platform/sessions';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createTestApp,
  testConfig,
  unique,
} from '../../test/harness';

/** Finding 1 of the security issue: the outbox was a way into any account. */
const STRANGER = '203.0.113.9';

let enabled: TestApp;
let disabled: TestApp;
beforeAll(async () => {
  enabled = await createTestApp({ env: { DEV_OUTBOX: 'on' } });
  disabled = await createTestApp();
});
afterAll(async () => {
  await enabled.close();
  await disabled.close();
});

async function outboxSetup() {
  const own = await clinicWithStaff(enabled);
  const other = await clinicWithStaff(enabled);
  const ownLink = `${unique('reset')}@own.test`;
  const otherLink = `${unique('reset')}@other.test`;
  await createOutboxMailer(enabled.db).send({
    clinicId: own.clinic.id,
    to: ownLink,
    subject: 'Reset your Homestretch password',
    text: 'https://example.test/reset-password?uid=1&token=own',
  });
  await createOutboxMailer(enabled.db).send({
    clinicId: other.clinic.id,
    to: otherLink,
    subject: 'Reset your Homestretch password',
    text: 'https://example.test/reset-password?uid=2&token=other',
  });
  const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  await createOutboxSms(enabled.db).send({ to: phone, text: 'Your code is 123456' });
  return { own, other, ownLink, otherLink, phone };
}

const recipients = (response: { json(): unknown }) =>
  (response.json() as { results: { recipient: string }[] }).results.map((row) => row.recipient);

describe('the development outbox', () => {
  it('does not exist unless DEV_OUTBOX is on, not even for this machine', async () => {
    for (const url of ['/dev/outbox/messages', '/dev/outbox']) {
      const response = await call(disabled, { method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });

  it('is refused in production at start-up', () => {
    expect(() => testConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'on' })).toThrow(ConfigError);
    expect(() => testConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'on' })).toThrow(/DEV_OUTBOX/);
  });

  it('shows a stranger on the network nothing: no reset link, no code', async () => {
    const { ownLink } = await outboxSetup();
    for (const url of ['/dev/outbox/messages', `/dev/outbox/messages?recipient=${ownLink}`]) {
      const response = await call(enabled, { method: 'GET', url, remoteAddress: STRANGER });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('token=');
    }
    const page = await call(enabled, {
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: STRANGER,
    });
    expect(page.statusCode).toBe(404);
  });

  it('does not take a proxied request for this machine', async () => {
    await outboxSetup();
    const response = await call(enabled, {
      method: 'GET',
      url: '/dev/outbox/messages',
      headers: { 'x-forwarded-for': STRANGER },
    });
    expect(response.statusCode).toBe(404);
  });

  it('shows this machine every message', async () => {
    const { ownLink, otherLink, phone } = await outboxSetup();
    const response = await call(enabled, { method: 'GET', url: '/dev/outbox/messages' });
    expect(response.statusCode).toBe(200);
    expect(recipients(response)).toEqual(expect.arrayContaining([ownLink, otherLink, phone]));
    const page = await call(enabled, { method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ownLink);
  });

  it("shows a clinic's admin that clinic's messages only", async () => {
    const { own, ownLink, otherLink, phone } = await outboxSetup();
    const response = await call(enabled, {
      method: 'GET',
      url: '/dev/outbox/messages',
      remoteAddress: STRANGER,
      cookie: own.staff.admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const seen = recipients(response);
    expect(seen).toContain(ownLink);
    expect(seen).not.toContain(otherLink);
    expect(seen).not.toContain(phone);
    const page = await call(enabled, {
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: STRANGER,
      cookie: own.staff.admin.cookie,
    });
    expect(page.body).toContain(ownLink);
    expect(page.body).not.toContain(otherLink);
  });

  it('shows other staff, and an admin through the extension token, nothing', async () => {
    const { own } = await outboxSetup();
    for (const role of ['therapist', 'remote_therapist', 'manager', 'supervisor'] as const) {
      const response = await call(enabled, {
        method: 'GET',
        url: '/dev/outbox/messages',
        remoteAddress: STRANGER,
        cookie: own.staff[role].cookie,
      });
      expect(response.statusCode, role).toBe(404);
    }
    const { token } = await createSession(enabled.db, {
      userId: own.staff.admin.user.id,
      kind: 'extension',
      now: enabled.clock.now(),
      lifetimeMs: 15 * 60_000,
    });
    const response = await call(enabled, {
      method: 'GET',
      url: '/dev/outbox/messages',
      remoteAddress: STRANGER,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
  });
});
