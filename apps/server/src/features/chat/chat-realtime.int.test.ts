import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Socket, io } from 'socket.io-client';
import type { ChatMessage, ChatSession } from '@homestretch/contract/chat/chat-session';
import {
  type ClientToServerEvents,
  type MessageReadEvent,
  REALTIME_PATH,
  type ServerToClientEvents,
} from '@homestretch/contract/realtime/events';
import {
  type TestApp,
  call,
  clinicWithStaff,
  createPatient,
  createTestApp,
  createUser,
  json,
  sessionCookie,
} from '../../test/harness';
import { patientConversation } from '../../test/chat';
import { postgresTestUrl } from '../../test/test-engine';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let url: string;
const opened: ClientSocket[] = [];

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  opened.forEach((socket) => socket.close());
  await t.close();
});

/** A socket as a page of the app opens it: its cookie, and the app's own origin. */
function connect(base: string, cookie: string | null, origin: string | null = base): ClientSocket {
  const socket: ClientSocket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  opened.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

function disconnected(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

function next<E extends 'new_message' | 'message_read'>(
  socket: ClientSocket,
  event: E,
): Promise<E extends 'new_message' ? ChatMessage : MessageReadEvent> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: never) => resolve(payload)) as never);
  });
}

async function conversation(app: TestApp) {
  const s = await clinicWithStaff(app);
  const { session, cookie, user } = await patientConversation(app, s);
  return { ...s, session, patientCookie: cookie, patientUser: user };
}

const send = (app: TestApp, cookie: string, session: number, message: string) =>
  call(app, { method: 'POST', url: '/chat/message', cookie, payload: { session, message } });

describe('the private-user channel', () => {
  it('delivers a stored message as new_message to everyone in the conversation, and no one else', async () => {
    const c = await conversation(t);
    const patient = connect(url, c.patientCookie);
    const therapist = connect(url, c.staff.therapist.cookie);
    // The admin sees every conversation but has not joined this one; the manager does not see it.
    const admin = connect(url, c.staff.admin.cookie);
    const outsider = connect(url, c.staff.manager.cookie);
    await Promise.all([
      connected(patient),
      connected(therapist),
      connected(admin),
      connected(outsider),
    ]);
    const notTold: ChatMessage[] = [];
    admin.on('new_message', (message) => notTold.push(message));
    outsider.on('new_message', (message) => notTold.push(message));

    const arriving = Promise.all([next(patient, 'new_message'), next(therapist, 'new_message')]);
    const sent = json<ChatMessage>(
      await send(t, c.staff.therapist.cookie, c.session.id, 'Hello Maria'),
    );
    const [toPatient, toTherapist] = await arriving;
    expect(toPatient).toEqual(sent);
    expect(toTherapist).toEqual(sent);
    expect(sent.id).toBeGreaterThan(0);

    // A read is told to the others as message_read.
    const readMark = next(therapist, 'message_read');
    await call(t, {
      method: 'GET',
      url: `/chat/message?session=${c.session.id}`,
      cookie: c.patientCookie,
    });
    expect(await readMark).toMatchObject({ session: c.session.id, last_read_message_id: sent.id });

    // Once the admin reads the conversation they have joined it, and are told of the next message.
    await call(t, {
      method: 'GET',
      url: `/chat/message?session=${c.session.id}`,
      cookie: c.staff.admin.cookie,
    });
    const toAdmin = next(admin, 'new_message');
    const later = json<ChatMessage>(await send(t, c.patientCookie, c.session.id, 'Thanks'));
    expect(await toAdmin).toEqual(later);
    expect(notTold.map((message) => message.id)).toEqual([later.id]);
  });

  it('refuses a socket without a session, with a dead one, or opened by a page of another site', async () => {
    expect(await refused(connect(url, null))).toBe('unauthenticated');
    expect(await refused(connect(url, 'hs_session=not-a-session'))).toBe('unauthenticated');
    const c = await conversation(t);
    expect(await refused(connect(url, c.staff.therapist.cookie, 'https://evil.example'))).toBe(
      'origin_rejected',
    );
  });

  it('refuses a session’s sockets past its cap on connect, saying why, and lets its other sessions in', async () => {
    const capped = await createTestApp({ env: { SOCKETS_PER_SESSION: '3' } });
    try {
      const base = await listen(capped);
      const c = await conversation(capped);
      const tabs = [1, 2, 3].map(() => connect(base, c.patientCookie));
      await Promise.all(tabs.map(connected));
      const fourth = connect(base, c.patientCookie);
      const error = await new Promise<Error & { data?: unknown }>((resolve, reject) => {
        fourth.once('connect', () => reject(new Error('connected past the cap')));
        fourth.once('connect_error', resolve);
      });
      expect(error.message).toBe('too_many_sockets');
      expect(error.data).toMatchObject({
        error: { code: 'rate_limited', message: expect.stringContaining('3 live connections') },
      });
      // The cap is the session's: the same person signed in elsewhere connects.
      await connected(connect(base, await sessionCookie(capped, c.patientUser.id)));
      // A closed tab frees its place, once the server has seen it close.
      tabs[0]!.close();
      await expect
        .poll(async () => {
          const again = connect(base, c.patientCookie);
          return connected(again).then(
            () => true,
            () => false,
          );
        })
        .toBe(true);
    } finally {
      await capped.close();
    }
  });

  it('disconnects a session’s sockets when it signs out, and leaves the person’s other sessions', async () => {
    const c = await conversation(t);
    const otherTab = await sessionCookie(t, c.staff.therapist.user.id);
    const signingOut = connect(url, c.staff.therapist.cookie);
    const staying = connect(url, otherTab);
    await Promise.all([connected(signingOut), connected(staying)]);
    const closed = disconnected(signingOut);
    const signedOut = await call(t, {
      method: 'POST',
      url: '/authentication/logout',
      cookie: c.staff.therapist.cookie,
    });
    expect(signedOut.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(staying.connected).toBe(true);
  });

  it('disconnects sockets whose session has idled out at the next session check', async () => {
    const c = await conversation(t);
    const socket = connect(url, c.patientCookie);
    await connected(socket);
    expect(await t.app.realtime.checkSessions()).toBe(0);
    const closed = disconnected(socket);
    t.clock.advance((t.config.sessionIdleMinutes + 1) * 60_000);
    expect(await t.app.realtime.checkSessions()).toBeGreaterThanOrEqual(1);
    expect(await closed).toBe('io server disconnect');
  });
});

/** A second Staff Therapist of the clinic. */
async function colleagueOf(app: TestApp, c: Awaited<ReturnType<typeof clinicWithStaff>>) {
  const user = await createUser(app.db, { clinicId: c.clinic.id, role: 'therapist' });
  return { user, cookie: await sessionCookie(app, user.id) };
}

/** Maria, treated by the clinic's therapist and one colleague, who has read her conversation. */
async function treatedByTwo(app: TestApp, colleague: 'remote_therapist' | 'therapist2') {
  const c = await clinicWithStaff(app);
  const second =
    colleague === 'remote_therapist' ? c.staff.remote_therapist : await colleagueOf(app, c);
  const user = await createUser(app.db, { clinicId: c.clinic.id, role: 'patient' });
  const patient = await createPatient(app.db, { clinicId: c.clinic.id, userId: user.id }, [
    c.staff.therapist.user.id,
    second.user.id,
  ]);
  const patientCookie = await sessionCookie(app, user.id);
  const session = json<ChatSession>(
    await call(app, { method: 'GET', url: '/app-api/chat', cookie: patientCookie }),
  );
  await send(app, patientCookie, session.id, 'Before the change');
  // Reading it is what leaves the colleague's chat_reads row behind.
  const read = await call(app, {
    method: 'GET',
    url: `/chat/message?session=${session.id}`,
    cookie: second.cookie,
  });
  expect(read.statusCode).toBe(200);
  return { ...c, second, patient, patientCookie, session };
}

/** Everything one socket hears of a conversation from now on. */
function heardOf(socket: ClientSocket, session: number): string[] {
  const heard: string[] = [];
  socket.on('new_message', (message) => {
    if (message.session === session) {
      heard.push(`new_message ${message.message}`);
    }
  });
  socket.on('message_read', (event) => {
    if (event.session === session) {
      heard.push(`message_read ${event.last_read_message_id}`);
    }
  });
  return heard;
}

/**
 * A round trip on the socket: what the server emitted to it before has arrived by the answer
 * (one connection keeps its order). The empty body is refused, so nothing is stored.
 */
async function settled(socket: ClientSocket): Promise<void> {
  await socket.timeout(5_000).emitWithAck('send_message', {} as never);
}

/**
 * Maria writes and then reads the therapist's answer: the therapist hears both, and by the time
 * they have, a socket still told of the conversation would have heard them too.
 */
async function talk(c: Awaited<ReturnType<typeof treatedByTwo>>): Promise<void> {
  const therapist = connect(url, c.staff.therapist.cookie);
  await connected(therapist);
  const arriving = next(therapist, 'new_message');
  await send(t, c.patientCookie, c.session.id, 'After the change');
  await arriving;
  const answer = json<ChatMessage>(await send(t, c.staff.therapist.cookie, c.session.id, 'Noted'));
  const readMark = next(therapist, 'message_read');
  await call(t, {
    method: 'GET',
    url: `/chat/message?session=${c.session.id}`,
    cookie: c.patientCookie,
  });
  expect(await readMark).toMatchObject({ last_read_message_id: answer.id });
}

describe('who is told of a conversation', () => {
  it('stops telling a remote PT taken off the patient’s therapists at once', async () => {
    const c = await treatedByTwo(t, 'remote_therapist');
    const remote = connect(url, c.second.cookie);
    await connected(remote);
    const heard = heardOf(remote, c.session.id);
    const changed = await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${c.patient.id}/change-therapist/`,
      cookie: c.staff.admin.cookie,
      payload: { therapist_ids: [c.staff.therapist.user.id] },
    });
    expect(changed.statusCode).toBe(200);
    await talk(c);
    const thread = await call(t, {
      method: 'GET',
      url: `/chat/message?session=${c.session.id}`,
      cookie: c.second.cookie,
    });
    expect(thread.statusCode).toBe(404);
    await settled(remote);
    expect(heard).toEqual([]);
  });

  it('stops telling a therapist made office manager, on the socket they reconnect', async () => {
    const c = await treatedByTwo(t, 'therapist2');
    await call(t, {
      method: 'PATCH',
      url: `/api/v1/patients/${c.patient.id}/change-therapist/`,
      cookie: c.staff.admin.cookie,
      payload: { therapist_ids: [c.staff.therapist.user.id] },
    });
    const before = connect(url, c.second.cookie);
    await connected(before);
    const closed = disconnected(before);
    const promoted = await call(t, {
      method: 'PATCH',
      url: `/clinic/staff/${c.second.user.id}/role`,
      cookie: c.staff.admin.cookie,
      payload: { role: 'manager' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const manager = connect(url, c.second.cookie);
    await connected(manager);
    const heard = heardOf(manager, c.session.id);
    await talk(c);
    const thread = await call(t, {
      method: 'GET',
      url: `/chat/message?session=${c.session.id}`,
      cookie: c.second.cookie,
    });
    expect(thread.statusCode).toBe(404);
    await settled(manager);
    expect(heard).toEqual([]);
  });
});

type Answer = {
  status: number;
  body: ChatMessage & {
    error?: { code: string; fields?: Record<string, string>; retry_after?: number };
  };
};

function sendOver(socket: ClientSocket, body: Record<string, unknown>): Promise<Answer> {
  return socket.timeout(5_000).emitWithAck('send_message', body as never) as Promise<Answer>;
}

describe('messages sent over the socket', () => {
  it('are stored and told as POST /chat/message does, a repeat of a client_id stored once', async () => {
    const c = await conversation(t);
    const therapist = connect(url, c.staff.therapist.cookie);
    const patient = connect(url, c.patientCookie);
    await Promise.all([connected(therapist), connected(patient)]);
    const arriving = next(patient, 'new_message');
    const body = {
      session: c.session.id,
      message: '  Over the socket  ',
      client_id: 'socket-1234',
    };
    const answer = await sendOver(therapist, body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ session: c.session.id, message: 'Over the socket' });
    expect((await arriving).id).toBe(answer.body.id);
    const again = await sendOver(therapist, body);
    expect(again).toMatchObject({ status: 200, body: { id: answer.body.id } });
    const thread = json<{ results: ChatMessage[] }>(
      await call(t, {
        method: 'GET',
        url: `/chat/message?session=${c.session.id}`,
        cookie: c.patientCookie,
      }),
    );
    expect(thread.results.filter((message) => message.client_id === 'socket-1234')).toHaveLength(1);
  });

  it('answer bad input, another conversation and a flood in the one error shape', async () => {
    const c = await conversation(t);
    const other = await conversation(t);
    const therapist = connect(url, c.staff.therapist.cookie);
    const manager = connect(url, c.staff.manager.cookie);
    await Promise.all([connected(therapist), connected(manager)]);
    const empty = await sendOver(therapist, { session: c.session.id, message: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ message: 'Write a message first' });
    expect((await sendOver(therapist, { session: 'x', message: 'hi' })).status).toBe(400);
    expect((await sendOver(therapist, { session: other.session.id, message: 'hi' })).status).toBe(
      404,
    );
    expect((await sendOver(manager, { session: c.session.id, message: 'hi' })).status).toBe(404);
    let last: Answer | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await sendOver(therapist, { session: c.session.id, message: `flood ${i}` });
    }
    expect(last?.status).toBe(429);
    expect(last?.body.error).toMatchObject({ code: 'rate_limited', retry_after: 60 });
  });

  it('refuse text that cannot be stored (NUL, a lone surrogate) as POST /chat/message does', async () => {
    const c = await conversation(t);
    const therapist = connect(url, c.staff.therapist.cookie);
    await connected(therapist);
    for (const body of [
      { session: c.session.id, message: 'nul \u0000 inside' },
      { session: c.session.id, message: 'half \ud800 a pair' },
      { session: c.session.id, message: 'fine', client_id: 'abcdefgh\u0000' },
      { session: c.session.id, message: 'fine', ['key\u0000']: 1 },
    ]) {
      const overHttp = await call(t, {
        method: 'POST',
        url: '/chat/message',
        cookie: c.staff.therapist.cookie,
        payload: body,
      });
      expect(overHttp.statusCode).toBe(400);
      const answer = await sendOver(therapist, body);
      expect(answer).toEqual({ status: 400, body: json(overHttp) });
    }
  });

  it('keep the session from idling out while the person only chats', async () => {
    const c = await conversation(t);
    const socket = connect(url, c.patientCookie);
    await connected(socket);
    t.clock.advance((t.config.sessionIdleMinutes - 1) * 60_000);
    expect((await sendOver(socket, { session: c.session.id, message: 'still here' })).status).toBe(
      201,
    );
    // Other tests' sockets may idle out here; this one's session was moved on by its message.
    await t.app.realtime.checkSessions();
    t.clock.advance(2 * 60_000);
    await t.app.realtime.checkSessions();
    expect((await sendOver(socket, { session: c.session.id, message: 'and here' })).status).toBe(
      201,
    );
  });

  it('stop at once when the person’s sessions are ended elsewhere', async () => {
    const c = await conversation(t);
    const socket = connect(url, c.staff.therapist.cookie);
    await connected(socket);
    const closed = disconnected(socket);
    const declined = await call(t, {
      method: 'PATCH',
      url: '/clinic/therapist/approval',
      cookie: c.staff.admin.cookie,
      payload: { user_id: c.staff.therapist.user.id, status: 'declined' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe.skipIf(!postgresTestUrl())('two server nodes on one PostgreSQL', () => {
  it('tells the sockets of both nodes each message once and in order, and read marks too', async () => {
    const nodeA = await createTestApp({ betweenNodes: true });
    const nodeB = await createTestApp({ betweenNodes: true });
    try {
      const urlB = await listen(nodeB);
      const urlA = await listen(nodeA);
      const c = await conversation(nodeA);
      // The patient has the app open on a phone held by the other node and a tab on the sender's.
      const phone = connect(urlB, c.patientCookie);
      const tab = connect(urlA, c.patientCookie);
      const therapist = connect(urlA, c.staff.therapist.cookie);
      await Promise.all([connected(phone), connected(tab), connected(therapist)]);
      const heard = new Map<ClientSocket, number[]>([phone, tab, therapist].map((s) => [s, []]));
      for (const [socket, ids] of heard) {
        socket.on('new_message', (message) => ids.push(message.id));
      }
      const lastArriving = next(phone, 'new_message');
      // Sent without waiting for one another: the node emits them in one turn of its event loop.
      const sent = await Promise.all(
        ['One', 'Two', 'Three'].map((text) =>
          send(nodeA, c.staff.therapist.cookie, c.session.id, text),
        ),
      );
      const ids = sent.map((response) => json<ChatMessage>(response).id);
      await lastArriving;
      await expect.poll(() => heard.get(phone)!.length).toBe(3);
      // Long enough for a second copy through PostgreSQL to have come back, had one been sent.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const byId = [...ids].sort((a, b) => a - b);
      for (const received of heard.values()) {
        expect([...received].sort((a, b) => a - b)).toEqual(byId);
      }
      // The other node emits them in the order the sender's node did.
      expect(heard.get(phone)).toEqual(heard.get(tab));

      const readMark = next(therapist, 'message_read');
      await call(nodeB, {
        method: 'GET',
        url: `/chat/message?session=${c.session.id}`,
        cookie: c.patientCookie,
      });
      expect(await readMark).toMatchObject({ last_read_message_id: byId.at(-1) });
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });
});
