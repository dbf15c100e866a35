import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilio, startFakeTwilio } from '../test/fake-twilio';
import { AppError } from './errors';
import { createTwilioVoice, createVoiceProvider, createVoiceSimulator } from './voice';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const CONFIG = { accountSid: SID, authToken: 'secret-token-1234', from: '+15005550006' };

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(() => twilio.close());

const resource = (values: Record<string, unknown>) => ({
  sid: 'CA0001',
  status: 'queued',
  start_time: null,
  end_time: null,
  duration: null,
  ...values,
});

const placed = {
  providerCallId: 'CA0001',
  status: 'in-progress' as const,
  createdAt: new Date('2026-11-26T15:00:00Z'),
  startedAt: null,
};

describe('Twilio voice adapter', () => {
  it('places the call with a form POST to the account’s Calls resource, with basic auth', async () => {
    twilio.answer = { status: 201, body: resource({ sid: 'CA0001', status: 'queued' }) };
    const voice = createTwilioVoice(CONFIG, { baseUrl: twilio.baseUrl });
    expect(voice.name).toBe('twilio');
    const call = await voice.place({ to: '+15551234567', now: new Date() });
    expect(call).toEqual({ providerCallId: 'CA0001' });
    const request = twilio.received.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:secret-token-1234`).toString('base64')}`,
    );
    expect(request?.form.get('To')).toBe('+15551234567');
    expect(request?.form.get('From')).toBe('+15005550006');
    expect(request?.form.get('Twiml')).toMatch(/^<Response>.*<\/Response>$/);
  });

  it('reads the call’s status and maps Twilio’s words to ours', async () => {
    const voice = createTwilioVoice(CONFIG, { baseUrl: twilio.baseUrl });
    twilio.answer = { status: 200, body: resource({ status: 'initiated' }) };
    expect((await voice.poll(placed, new Date())).status).toBe('queued');
    expect(twilio.received.at(-1)).toMatchObject({
      method: 'GET',
      url: `/2010-04-01/Accounts/${SID}/Calls/CA0001.json`,
    });
    twilio.answer = {
      status: 200,
      body: resource({ status: 'in-progress', start_time: 'Thu, 26 Nov 2026 15:00:05 +0000' }),
    };
    expect(await voice.poll(placed, new Date())).toEqual({
      status: 'in-progress',
      answeredAt: new Date('2026-11-26T15:00:05Z'),
      endedAt: null,
      durationSeconds: null,
    });
    twilio.answer = {
      status: 200,
      body: resource({
        status: 'completed',
        start_time: 'Thu, 26 Nov 2026 15:00:05 +0000',
        end_time: 'Thu, 26 Nov 2026 15:04:05 +0000',
        duration: '240',
      }),
    };
    expect(await voice.poll(placed, new Date())).toEqual({
      status: 'completed',
      answeredAt: new Date('2026-11-26T15:00:05Z'),
      endedAt: new Date('2026-11-26T15:04:05Z'),
      durationSeconds: 240,
    });
    twilio.answer = {
      status: 200,
      body: resource({
        status: 'busy',
        end_time: 'Thu, 26 Nov 2026 15:00:09 +0000',
        duration: '0',
      }),
    };
    expect(await voice.poll(placed, new Date())).toMatchObject({
      status: 'busy',
      answeredAt: null,
      durationSeconds: 0,
    });
    twilio.answer = { status: 200, body: resource({ status: 'something-new' }) };
    expect((await voice.poll(placed, new Date())).status).toBe('failed');
  });

  it('hangs up: completes a call in progress, cancels one still ringing', async () => {
    const voice = createTwilioVoice(CONFIG, { baseUrl: twilio.baseUrl });
    twilio.answer = { status: 200, body: resource({ status: 'completed', duration: '30' }) };
    await voice.hangUp(placed, new Date());
    expect(twilio.received.at(-1)?.url).toBe(`/2010-04-01/Accounts/${SID}/Calls/CA0001.json`);
    expect(twilio.received.at(-1)?.form.get('Status')).toBe('completed');
    twilio.answer = { status: 200, body: resource({ status: 'canceled', duration: '0' }) };
    const stopped = await voice.hangUp({ ...placed, status: 'ringing' }, new Date());
    expect(twilio.received.at(-1)?.form.get('Status')).toBe('canceled');
    expect(stopped.status).toBe('canceled');
  });

  it('turns a refusal or an unreachable Twilio into a 503 without Twilio’s words', async () => {
    twilio.answer = { status: 400, body: { code: 21211, message: "Invalid 'To' Phone Number" } };
    const refused = await createTwilioVoice(CONFIG, { baseUrl: twilio.baseUrl })
      .place({ to: '+1555', now: new Date() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).message).not.toContain('Invalid');
    expect(String((refused as AppError).cause)).toContain('21211');
    const unreachable = await createTwilioVoice(CONFIG, { baseUrl: 'http://127.0.0.1:1' })
      .poll(placed, new Date())
      .catch((error: unknown) => error);
    expect((unreachable as AppError).status).toBe(503);
  });

  it('is chosen when Twilio is configured; the simulator otherwise', () => {
    expect(createVoiceProvider({ twilio: CONFIG }).name).toBe('twilio');
    expect(createVoiceProvider({ twilio: null }).name).toBe('simulator');
  });
});

describe('voice simulator', () => {
  it('moves queued → ringing → in progress on the clock and completes with the talk time', async () => {
    const voice = createVoiceSimulator();
    const createdAt = new Date('2026-11-26T15:00:00Z');
    const { providerCallId } = await voice.place({ to: '+15551234567', now: createdAt });
    const call = { providerCallId, status: 'queued' as const, createdAt, startedAt: null };
    const at = (seconds: number) => new Date(createdAt.getTime() + seconds * 1000);
    expect((await voice.poll(call, at(1.9))).status).toBe('queued');
    expect((await voice.poll(call, at(2))).status).toBe('ringing');
    expect(await voice.poll(call, at(5))).toMatchObject({
      status: 'in-progress',
      answeredAt: at(5),
    });
    expect(await voice.hangUp(call, at(70.5))).toEqual({
      status: 'completed',
      answeredAt: at(5),
      endedAt: at(70.5),
      durationSeconds: 65,
    });
  });

  it('never answers a number ending in 0000: it gives up after 30 s', async () => {
    const voice = createVoiceSimulator();
    const createdAt = new Date('2026-11-26T15:00:00Z');
    const { providerCallId } = await voice.place({ to: '+15551230000', now: createdAt });
    const call = { providerCallId, status: 'queued' as const, createdAt, startedAt: null };
    expect((await voice.poll(call, new Date(createdAt.getTime() + 29_000))).status).toBe('ringing');
    expect(await voice.poll(call, new Date(createdAt.getTime() + 31_000))).toMatchObject({
      status: 'no-answer',
      durationSeconds: 0,
    });
  });
});
