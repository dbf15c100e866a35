import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import { AppError } from './errors';

export interface SmsMessage {
  /** E.164, e.g. +15551234567. */
  to: string;
  text: string;
  /** The clinic the text is about: the outbox shows it to that clinic's admin only. */
  clinicId?: number | null;
}

export interface SmsSender {
  /** 'twilio' hands texts to Twilio; 'outbox' keeps them in the database for /dev/outbox. */
  readonly transport: 'twilio' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A Twilio phone number (E.164) or a Messaging Service SID (MG…). */
  from: string;
}

/** The default without a provider (ARCHITECTURE.md: a local default you can see). */
export function createOutboxSms(db: Db): SmsSender {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({
        clinicId: message.clinicId ?? null,
        channel: 'sms',
        recipient: message.to,
        subject: '',
        bodyText: message.text,
      });
    },
  };
}

export const TWILIO_API_BASE = 'https://api.twilio.com';

/** The REST resource of the Twilio account: its Messages and Calls live under it. */
export function twilioAccountUrl(config: TwilioConfig, baseUrl = TWILIO_API_BASE): string {
  return `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
}

/** Twilio's basic auth: the account SID and its auth token. */
export function twilioAuthorization(config: TwilioConfig): string {
  return `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
}

/**
 * Twilio's Messages API over plain fetch (no SDK): one form-encoded POST with basic auth.
 * A refusal or an unreachable Twilio is a 503 for the caller; Twilio's own words go to the log
 * through the error's cause, never to the client.
 */
export function createTwilioSms(
  config: TwilioConfig,
  options: { fetch?: typeof fetch; baseUrl?: string } = {},
): SmsSender {
  const doFetch = options.fetch ?? fetch;
  const url = `${twilioAccountUrl(config, options.baseUrl)}/Messages.json`;
  const authorization = twilioAuthorization(config);
  return {
    transport: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
      let detail: string;
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) {
          return;
        }
        detail = `Twilio answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
      } catch (error) {
        detail = `Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`;
      }
      const failure = new AppError(
        'service_unavailable',
        'The text message could not be sent. Please try again in a few minutes.',
      );
      failure.cause = detail;
      throw failure;
    },
  };
}

export function createSmsSender(config: { twilio: TwilioConfig | null }, db: Db): SmsSender {
  return config.twilio ? createTwilioSms(config.twilio) : createOutboxSms(db);
}
