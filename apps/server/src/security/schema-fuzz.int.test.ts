/**
 * Schema fuzzing of every operation (issue 16, standing proofs): each route of the route table,
 * from a caller its action allows, gets requests drawn from its own zod schemas (valid in shape,
 * so they reach the service and its SQL, and hostile) and a set of fixed hostile bodies. No
 * answer may be a 5xx; every refusal has the one error shape and a client-error status; no
 * answer carries a stack trace or an SQL error. A route added later is fuzzed without anyone
 * listing it. Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> (docs/testing.md).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { type Socket, io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@homestretch/contract/common/errors';
import type { Role } from '@homestretch/contract/common/enums';
import { REALTIME_PATH } from '@homestretch/contract/realtime/events';
import { type Action, RULES } from '../platform/permissions';
import { DEFAULT_LIMITS, type Limits } from '../platform/rate-limit';
import type { RouteEntry, SocketEventEntry } from '../platform/route-table';
import {
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
  json,
  sessionCookie,
} from '../test/harness';
import {
  type FuzzPayload,
  type FuzzRequest,
  HOSTILE_SEGMENTS,
  calendarExtremeRequests,
  fixedHostileBodies,
  fixedHostilePayloads,
  payloadArbitrary,
  requestArbitrary,
} from '../test/fuzz-requests';

const SEED = Number(process.env.FUZZ_SEED ?? 16_2026);
/** Requests drawn per operation: enough to meet each hostile family, few enough for ~90 s. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

/** What a refusal may answer: the client's mistakes, never the server's. */
const CLIENT_ERRORS = new Set([400, 401, 403, 404, 409, 413, 415, 422, 429]);

/** Only a leaked database error or stack says these; none of the hostile inputs does. */
const LEAK =
  /Failed query|violates [a-z ]*constraint|invalid input syntax|syntax error at or near|out of range for type|duplicate key value|relation "|\bat [\w$.<>]+ \(|node_modules\/|\.[cm]?[jt]s:\d+:\d+|PGlite|ECONNREFUSED/i;

/** No limit is met by the fuzzer's thousands of requests from one address. */
const UNLIMITED = Object.fromEntries(
  Object.keys(DEFAULT_LIMITS).map((name) => [name, { max: 1_000_000, windowMs: 60_000 }]),
) as unknown as Limits;

/** The first role an action allows, in this order: the widest reach first. */
const ROLE_ORDER: readonly Role[] = [
  'admin',
  'therapist',
  'supervisor',
  'manager',
  'remote_therapist',
  'patient',
];

const webRoot = await mkdtemp(path.join(os.tmpdir(), 'hs-fuzz-web-'));
await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Homestretch</title>');
await writeFile(path.join(webRoot, 'favicon.svg'), '<svg/>');
const t = await createTestApp({ limits: UNLIMITED, env: { DEV_OUTBOX: 'on' }, webRoot });
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** Each operation once: HEAD runs its GET's handler, and OPTIONS is CORS's. */
const operations = t.app.routeTable.filter(
  (entry) => entry.access !== undefined && entry.method !== 'HEAD',
);
const defaultBodyLimit = t.app.initialConfig.bodyLimit ?? 1024 * 1024;

/** A path id one past PostgreSQL's integer, far past a double, below 1, a fraction, bad bytes. */
const EDGE_SEGMENTS = ['2147483648', '99999999999999999999999', '-1', '0', '1.5', '%00', '%FF'];

let requestsMade = 0;

/** A clinic of its own for each operation, so one operation's changes never starve another's. */
async function world() {
  const { clinic, staff } = await clinicWithStaff(t);
  const patientUser = await createUser(t.db, { clinicId: clinic.id, role: 'patient' });
  const treatedBy = [staff.therapist.user.id, staff.admin.user.id, staff.remote_therapist.user.id];
  const patient = await createPatient(
    t.db,
    { clinicId: clinic.id, userId: patientUser.id, phone: '+15555550123' },
    treatedBy,
  );
  const other = await createPatient(t.db, { clinicId: clinic.id }, treatedBy);
  const cookies: Record<Role, string> = {
    admin: staff.admin.cookie,
    therapist: staff.therapist.cookie,
    remote_therapist: staff.remote_therapist.cookie,
    manager: staff.manager.cookie,
    supervisor: staff.supervisor.cookie,
    patient: await sessionCookie(t, patientUser.id),
  };
  const ids = [
    clinic.id,
    patient.id,
    other.id,
    patientUser.id,
    ...Object.values(staff).map((member) => member.user.id),
    // The shipped catalogue's first exercises.
    1,
    2,
  ];
  return { clinic, cookies, ids, patient, therapist: staff.therapist.user };
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body(${request.payload.length}) ${String(request.payload).slice(0, 300)}`;
  const type = request.headers['content-type'];
  return `${request.method} ${request.url.slice(0, 300)}${type ? ` [${type}]` : ''}${payload}`;
}

/** The rules every answer keeps; throws naming the request. */
async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  requestsMade += 1;
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const what = `${describeRequest(request)}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  expect(response.body, what).not.toMatch(LEAK);
  if (response.statusCode >= 400) {
    expect(CLIENT_ERRORS, what).toContain(response.statusCode);
    if (request.method !== 'HEAD') {
      expect(ErrorResponseSchema.safeParse(response.json()).success, what).toBe(true);
    }
  }
  return response;
}

function roleFor(entry: RouteEntry): Role | 'anonymous' {
  if (entry.access === 'public' || entry.access === undefined) {
    return 'anonymous';
  }
  return roleOf(entry.access);
}

function roleOf(action: Action): Role | 'anonymous' {
  const allowed: readonly Role[] = RULES[action];
  return ROLE_ORDER.find((role) => allowed.includes(role)) ?? 'anonymous';
}

describe('schema fuzzing of every operation', () => {
  it('walks the whole route table', () => {
    // A route table that lost its routes would fuzz nothing and pass.
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const entry of operations) {
    const role = roleFor(entry);
    it(`${entry.method} ${entry.url} (as ${role})`, async () => {
      const { clinic, cookies, ids, patient, therapist } = await world();
      const cookie = role === 'anonymous' ? undefined : cookies[role];
      const options = {
        ids,
        // Text fields whose real values no pattern draws: the clinic's code, a phone that is one.
        named: {
          code: [clinic.code],
          clinic_code: [clinic.code],
          phone: ['(212) 555-0123', '+15555550123'],
          npi: ['1234567893'],
          // Most path ids name the patient; a pool of every id would miss them four times in five.
          id: [patient.id],
          patientId: [patient.id],
          dashboardId: [patient.id],
          userId: [therapist.id],
        },
      };
      for (const body of fixedHostileBodies(entry, defaultBodyLimit)) {
        const url = entry.url.replace(/:([A-Za-z_]+)/g, String(patient.id));
        const response = await send({
          method: entry.method,
          url,
          headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
          payload: body.payload,
        });
        if (body.expected) {
          const what = `${body.what}: ${response.body.slice(0, 200)}`;
          expect(response.statusCode, what).toBe(body.expected.status);
          if (body.expected.message) {
            expect(response.json().error.message, what).toBe(body.expected.message);
          }
        }
      }
      // Every path parameter meets the edges of a 32-bit id and of text every time, not by chance.
      for (const name of entry.url.match(/:[A-Za-z_]+/g) ?? []) {
        for (const segment of EDGE_SEGMENTS) {
          const url = entry.url
            .replace(name, segment)
            .replace(/:([A-Za-z_]+)/g, String(patient.id));
          await send({ method: entry.method, url, headers: cookie ? { cookie } : {} });
        }
      }
      const patientUrl = entry.url.replace(/:([A-Za-z_]+)/g, String(patient.id));
      for (const request of calendarExtremeRequests(entry, patientUrl, options, cookie)) {
        await send(request);
      }
      await fc.assert(
        fc.asyncProperty(requestArbitrary(entry, options, cookie), async (request) => {
          await send(request);
        }),
        {
          seed: SEED,
          numRuns: RUNS,
          reporter: (run) => {
            if (run.failed) {
              const cause = run.errorInstance instanceof Error ? run.errorInstance.message : '';
              throw new Error(
                `Fuzzing ${entry.method} ${entry.url} failed (FUZZ_SEED=${run.seed}, path ${run.counterexamplePath}, after ${run.numRuns} runs):\n${cause}`,
              );
            }
          },
        },
      );
    });
  }
});

let socketPayloadsSent = 0;
/** Acknowledgement ids of our own, far from the client's: its own emits never meet them. */
let nextAckId = 1_000_000;

/** A socket signed in by the cookie, as a page of the app opens it. */
async function signedInSocket(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie, origin: base },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * Sends the event's arguments as raw text, as a hostile client may (nesting no JSON.stringify
 * survives), with an acknowledgement, and holds its answer to the rules every answer keeps.
 */
async function emitRaw(
  socket: Socket,
  payload: FuzzPayload,
): Promise<{ status: number; body: unknown }> {
  socketPayloadsSent += 1;
  const id = nextAckId++;
  const engine = socket.io.engine;
  const prefix = `3${id}[`;
  const what = `${payload.what}: ${payload.args.slice(0, 300)}`;
  const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const onPacket = (packet: { type: string; data?: unknown }) => {
      if (
        packet.type === 'message' &&
        typeof packet.data === 'string' &&
        packet.data.startsWith(prefix)
      ) {
        finish();
        resolve(
          (
            JSON.parse(packet.data.slice(prefix.length - 1)) as [{ status: number; body: unknown }]
          )[0],
        );
      }
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`No answer within 5 s to ${what}`));
    }, 5_000);
    const finish = () => {
      clearTimeout(timer);
      engine.off('packet', onPacket);
    };
    engine.on('packet', onPacket);
    // Socket.IO's EVENT packet (2) with an ack id, on the default namespace.
    engine.write(`2${id}${payload.args}`);
  });
  const text = JSON.stringify(answer);
  const said = `${what}\n→ ${text.slice(0, 500)}`;
  expect(answer.status, said).toBeLessThan(500);
  expect(text, said).not.toMatch(LEAK);
  if (answer.status >= 400) {
    expect(CLIENT_ERRORS, said).toContain(answer.status);
    expect(ErrorResponseSchema.safeParse(answer.body).success, said).toBe(true);
  }
  return answer;
}

describe('schema fuzzing of every socket event', () => {
  const events: readonly SocketEventEntry[] = t.app.socketEventTable;
  let base = '';

  it('walks every socket event', async () => {
    // A table that lost its events would fuzz nothing and pass.
    expect(events.length).toBeGreaterThan(0);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  for (const entry of events) {
    const role = roleOf(entry.access);
    it(`SOCKET ${entry.event} (as ${role})`, async () => {
      expect(role).not.toBe('anonymous');
      const { cookies, ids, patient, therapist } = await world();
      const session = json<{ id: number }>(
        await call(t, {
          method: 'POST',
          url: '/chat/session',
          cookie: cookies.therapist,
          payload: { patient: patient.id },
        }),
      );
      const socket = await signedInSocket(base, cookies[role as Role]);
      try {
        for (const payload of fixedHostilePayloads(entry.event)) {
          const answer = await emitRaw(socket, payload);
          if (payload.expected) {
            const what = `${payload.what}: ${JSON.stringify(answer).slice(0, 200)}`;
            const error = (answer.body as { error: { message: string; fields?: object } }).error;
            expect(answer.status, what).toBe(payload.expected.status);
            if (payload.expected.message) {
              expect(error.message, what).toBe(payload.expected.message);
            }
            if (payload.expected.fields) {
              expect(error.fields, what).toEqual(payload.expected.fields);
            }
          }
        }
        const options = {
          ids: [...ids, session.id],
          named: { session: [session.id], patient: [patient.id], userId: [therapist.id] },
        };
        await fc.assert(
          fc.asyncProperty(payloadArbitrary(entry.event, entry.body, options), async (payload) => {
            await emitRaw(socket, payload);
          }),
          {
            seed: SEED,
            numRuns: RUNS,
            reporter: (run) => {
              if (run.failed) {
                const cause = run.errorInstance instanceof Error ? run.errorInstance.message : '';
                throw new Error(
                  `Fuzzing SOCKET ${entry.event} failed (FUZZ_SEED=${run.seed}, path ${run.counterexamplePath}, after ${run.numRuns} runs):\n${cause}`,
                );
              }
            },
          },
        );
      } finally {
        socket.close();
      }
    });
  }

  it(`sent ${RUNS} random payloads per socket event`, () => {
    expect(socketPayloadsSent).toBeGreaterThan(events.length * RUNS);
  });
});

describe('routes that check their own credential', () => {
  it('answers hostile playback paths and ranges with a refusal', async () => {
    const { cookies } = await world();
    for (const segment of HOSTILE_SEGMENTS) {
      for (const tail of ['file', 'poster', 'frames/0', `frames/${segment}`]) {
        await send({
          method: 'GET',
          url: `/video/${segment}/${tail}`,
          headers: { cookie: cookies.therapist },
        });
      }
    }
    for (const range of [
      'bytes=abc',
      'bytes=999999999999999999999-',
      'bytes=-0',
      'bytes=5-1',
      `bytes=${'0-1,'.repeat(2_000)}0-1`,
    ]) {
      await send({
        method: 'GET',
        url: '/video/1/file',
        headers: { cookie: cookies.therapist, range },
      });
    }
    await send({ method: 'GET', url: '/video/1/file', headers: {} });
  });

  it('answers hostile tus uploads (bad signatures, lengths, ids) with the one error shape', async () => {
    const base = {
      'tus-resumable': '1.0.0',
      authorizationsignature: 'f'.repeat(64),
      authorizationexpire: '9999999999',
      videoid: '1',
      libraryid: '1',
    };
    const variants: Record<string, string>[] = [
      {},
      { 'tus-resumable': '1.0.0' },
      base,
      { ...base, 'upload-length': '99999999999999999999999' },
      { ...base, 'upload-length': '-1' },
      { ...base, 'upload-length': 'abc' },
      { ...base, 'upload-metadata': 'filename \u0000, filetype ????' },
      { ...base, authorizationexpire: '-1' },
      { ...base, authorizationexpire: 'NaN' },
      { ...base, videoid: '../../etc/passwd' },
      { ...base, videoid: '%00' },
      { ...base, libraryid: 'x'.repeat(10_000) },
      { ...base, 'tus-resumable': '0.0.1' },
    ];
    for (const headers of variants) {
      for (const method of ['POST', 'PATCH', 'HEAD', 'DELETE']) {
        for (const url of [
          '/tusupload',
          '/tusupload/..%2F..%2Fetc%2Fpasswd',
          '/tusupload/%00',
          `/tusupload/${'a'.repeat(5_000)}`,
        ]) {
          await send({
            method,
            url,
            headers: {
              ...headers,
              'content-type': 'application/offset+octet-stream',
              'upload-offset': '0',
            },
            ...(method === 'PATCH' ? { payload: Buffer.alloc(64) } : {}),
          });
        }
      }
    }
  });

  it('serves no file outside the built app and the API page for traversal paths', async () => {
    const paths = [
      '/..%2F..%2F..%2Fetc%2Fpasswd',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2F..%2Fpackage.json',
      '/api/docs/static/..%2F..%2F..%2Fpackage.json',
      '/api/docs/static/%00',
      '/api/docs/static/%FF',
      '/favicon.svg%00.html',
      '/dev/outbox?x=%00',
      `/${'a/'.repeat(2_000)}`,
    ];
    for (const url of paths) {
      const response = await send({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.body, url).not.toMatch(/root:x:0:0|"devDependencies"/);
    }
  });

  it(`made ${RUNS} random requests per operation (seed ${SEED})`, () => {
    // Vitest runs a file's tests in order: by now every operation has been fuzzed.
    expect(requestsMade).toBeGreaterThan(operations.length * RUNS);
  });
});
