import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema';
import { type FakeTwilio, startFakeTwilio } from '../test/fake-twilio';
import { testDatabase } from '../test/harness';
import { AppError } from './errors';
import { createOutboxSms, createSmsSender, createTwilioSms } from './sms';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  twilio.answer = { status: 201, body: '{"sid":"SM123","status":"queued"}' };
});
afterAll(() => twilio.close());

describe('Twilio SMS adapter', () => {
  it('posts the message form to the account’s Messages resource with basic auth', async () => {
    const sms = createTwilioSms(
      { accountSid: SID, authToken: 'secret-token-1234', from: '+15005550006' },
      { baseUrl: twilio.baseUrl },
    );
    expect(sms.transport).toBe('twilio');
    await sms.send({ to: '+15551234567', text: 'Your code is 123456' });
    const request = twilio.received.at(-1);
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:secret-token-1234`).toString('base64')}`,
    );
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+15551234567',
      From: '+15005550006',
      Body: 'Your code is 123456',
    });
  });

  it('sends from a Messaging Service when configured with one', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await createTwilioSms(
      { accountSid: SID, authToken: 'secret-token-1234', from: service },
      { baseUrl: twilio.baseUrl },
    ).send({
      to: '+15551234567',
      text: 'hi',
    });
    expect(twilio.received.at(-1)?.form.get('MessagingServiceSid')).toBe(service);
    expect(twilio.received.at(-1)?.form.has('From')).toBe(false);
  });

  it('turns a refusal or an unreachable Twilio into a 503 without Twilio’s words', async () => {
    twilio.answer = { status: 400, body: '{"code":21211,"message":"Invalid To number"}' };
    const sms = createTwilioSms(
      { accountSid: SID, authToken: 'secret-token-1234', from: '+15005550006' },
      { baseUrl: twilio.baseUrl },
    );
    const refused = await sms
      .send({ to: '+15550000000', text: 'x' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).message).not.toContain('21211');
    expect(String((refused as AppError).cause)).toContain('Invalid To number');
    twilio.answer = { status: 201, body: '{}' };

    const unreachable = createTwilioSms(
      { accountSid: SID, authToken: 'secret-token-1234', from: '+15005550006' },
      { baseUrl: 'http://127.0.0.1:1' },
    );
    const failed = await unreachable
      .send({ to: '+15550000000', text: 'x' })
      .catch((error: unknown) => error);
    expect((failed as AppError).status).toBe(503);
  });
});

describe('outbox SMS (no provider configured)', () => {
  it('keeps texts in the outbox, and is what an unconfigured server uses', async () => {
    const { db } = await testDatabase();
    expect(createSmsSender({ twilio: null }, db).transport).toBe('outbox');
    expect(
      createSmsSender(
        { twilio: { accountSid: SID, authToken: 'secret-token-1234', from: '+15005550006' } },
        db,
      ).transport,
    ).toBe('twilio');
    const to = `+1555${Date.now() % 10_000_000}`.padEnd(12, '0');
    await createOutboxSms(db).send({ to, text: 'Your code is 654321' });
    const [row] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, to))
      .orderBy(desc(outboxMessages.id));
    expect(row).toMatchObject({ channel: 'sms', bodyText: 'Your code is 654321' });
  });
});
