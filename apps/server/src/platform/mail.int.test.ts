import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createClinic, createUser, testConfig, testDatabase } from '../test/harness';
import { createSmtpMailer } from './mail';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (ARCHITECTURE.md: mail tests use smtp-server, not a mock). */
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP mail', () => {
  it('delivers a message to a real SMTP server', async () => {
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${port}`,
      'Homestretch <no-reply@homestretch.test>',
    );
    await mailer.send({
      to: 'dana@example.com',
      subject: 'Hello from the test',
      text: 'Plain words',
    });
    const message = received.find((mail) => mail.to.includes('dana@example.com'));
    expect(message?.from).toBe('no-reply@homestretch.test');
    expect(message?.raw).toMatch(/Subject: Hello from the test/);
    expect(message?.raw).toMatch(/Plain words/);
  });

  it('sends the password reset e-mail through SMTP_URL', async () => {
    const database = await testDatabase();
    const config = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://pt.example.org',
    });
    const app = await buildApp({ db: database.db, config, logger: false, webRoot: null });
    try {
      const clinic = await createClinic(database.db);
      const user = await createUser(database.db, { clinicId: clinic.id, role: 'therapist' });
      const response = await app.inject({
        method: 'POST',
        url: '/clinic/therapist/reset-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const message = received.find((mail) => mail.to.includes(user.email));
      expect(message?.raw).toMatch(/Reset your Homestretch password/);
      expect(message?.raw.replace(/=\r?\n/g, '')).toMatch(
        /https:\/\/pt\.example\.org\/reset-password\?uid=/,
      );
    } finally {
      await app.close();
    }
  });
});
