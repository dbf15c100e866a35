import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig, testDatabase } from '../test/harness';

/** An envelope item as Sentry's transport posts it: a header line, then its payload. */
interface EnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A stand-in for Sentry's ingest on loopback: the real SDK and transport post real envelopes to
 * it, so the test reads exactly what would leave the server.
 */
async function startIngest() {
  const items: EnvelopeItem[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body =
        request.headers['content-encoding'] === 'gzip'
          ? gunzipSync(raw).toString()
          : raw.toString();
      const lines = body.split('\n').filter(Boolean);
      for (let index = 1; index + 1 < lines.length; index += 2) {
        const header = JSON.parse(lines[index] ?? '{}') as { type: string };
        items.push({ type: header.type, payload: JSON.parse(lines[index + 1] ?? '{}') });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    items,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FAULT_MESSAGE =
  'Cannot save "Knee hurts after the stairs" for maria.alvarez@example.com, +1 415 555 0132';

describe('error reporting with SENTRY_DSN', () => {
  let ingest: Awaited<ReturnType<typeof startIngest>>;
  let app: FastifyInstance;
  const TRACED_REQUESTS = 300;

  beforeAll(async () => {
    ingest = await startIngest();
    const database = await testDatabase();
    app = await buildApp({
      db: database.db,
      config: testConfig({ SENTRY_DSN: ingest.dsn, SENTRY_RELEASE: 'homestretch@test-release' }),
      logger: false,
      webRoot: null,
    });
    // A fault the code did not expect, carrying what a real one could: a note and contact details.
    app.get('/fault/:patientId', async () => {
      throw new Error(FAULT_MESSAGE);
    });
    await app.ready();
    const fault = await app.inject({
      url: '/fault/7?search=Maria%20Alvarez',
      headers: { cookie: 'hs_session=secret-session', 'user-agent': 'test' },
    });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toMatchObject({ error: { code: 'internal' } });
    for (let index = 0; index < TRACED_REQUESTS; index += 1) {
      await app.inject({ url: '/authentication/csrf-free-unknown' });
    }
    // Closing the app sends what is queued.
    await app.close();
  }, 60_000);

  afterAll(async () => {
    await ingest.close();
  });

  it('reports the fault with its route, release and period tag, and no patient data', () => {
    const events = ingest.items.filter((item) => item.type === 'event').map((item) => item.payload);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      release: 'homestretch@test-release',
      environment: 'test',
      tags: { period: '2025-01', route: '/fault/:patientId' },
      exception: {
        values: [
          {
            type: 'Error',
            value: 'Cannot save "[redacted]" for [email], [phone]',
          },
        ],
      },
    });
    const sent = JSON.stringify(event);
    // The phone number in any spelling, not '555' alone: a random event or trace id in hex can
    // hold those three digits.
    const phone = ['415 555', '555 0132', '4155550132'];
    for (const secret of ['Knee', 'maria', ...phone, 'secret-session', 'Alvarez', 'search=']) {
      expect(sent).not.toContain(secret);
    }
  });

  it('traces about a tenth of the requests (spec §9: traces 10 %)', async () => {
    const traces = () => ingest.items.filter((item) => item.type === 'transaction');
    // Binomial(301, 0.1): 30 expected; these bounds are more than six deviations away. On a busy
    // machine the last envelopes may land after the close's flush gave up waiting for them.
    await vi.waitFor(() => expect(traces().length).toBeGreaterThan(5), { timeout: 20_000 });
    expect(traces().length).toBeLessThan(70);
    expect(traces()[0]?.payload).toMatchObject({
      contexts: { trace: { op: 'http.server' } },
      tags: { period: '2025-01' },
    });
  });
});
