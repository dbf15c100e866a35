import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The clinic the message is about: the outbox shows it to that clinic's admin only. */
  clinicId?: number | null;
}

export interface Mailer {
  /** 'smtp' hands mail to a real server; 'outbox' keeps it in the database for /dev/outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send({ clinicId: _clinicId, ...message }) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

export function createOutboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values({
        clinicId: message.clinicId ?? null,
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        bodyText: message.text,
        bodyHtml: message.html ?? null,
      });
    },
  };
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string }, db: Db): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(db);
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
