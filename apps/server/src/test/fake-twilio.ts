/**
 * A stand-in for Twilio's REST API on loopback (ARCHITECTURE.md: third-party services are faked
 * at their HTTP boundary): it records each request and answers what the test tells it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  method: string;
  url: string;
  authorization: string;
  form: URLSearchParams;
}

export interface FakeTwilio {
  baseUrl: string;
  received: TwilioRequest[];
  /** The next answers' status and body (a string as is, anything else as JSON). */
  answer: { status: number; body: unknown };
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const fake = {
    received: [] as TwilioRequest[],
    answer: { status: 201, body: {} as unknown },
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      fake.received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        form: new URLSearchParams(body),
      });
      const { status, body: answer } = fake.answer;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
