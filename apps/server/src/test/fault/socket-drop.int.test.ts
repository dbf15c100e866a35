import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@homestretch/contract/chat/chat-session';
import type { ChatMessagePage } from '@homestretch/contract/chat/list-messages';
import {
  type ClientToServerEvents,
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
} from '../harness';
import { type TcpProxy, startTcpProxy } from './tcp-proxy';

/**
 * Issue 16, standing proof: a socket dropped mid-stream loses no chat message. The sender sends
 * as the web app's outbox does (apps/web/src/lib/chat/): one message at a time, each with its own
 * client_id, again with the same client_id after a reconnect until it is acknowledged. Its
 * connection goes through a proxy that first loses an answer (the message stored, the ack never
 * arriving) and then cuts the connection; the conversation ends with each message once, in order.
 */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const MESSAGES = 20;
/** The message whose answer is lost and after which the connection is cut. */
const LOST_ANSWER = 7;

let t: TestApp;
let base: string;
let proxy: TcpProxy;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  proxy = await startTcpProxy({ host: '127.0.0.1', port: new URL(base).port as unknown as number });
});

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await proxy?.close();
  await t?.close();
});

function connect(url: string, cookie: string, reconnect: boolean): ClientSocket {
  const socket: ClientSocket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: reconnect,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    // A page of the app served from where the socket connects, as a browser's is.
    extraHeaders: { cookie, origin: new URL(url).origin },
  });
  sockets.push(socket);
  return socket;
}

const waitUntil = async (what: string, condition: () => boolean, withinMs = 30_000) => {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`Not within ${withinMs} ms: ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('chat over a socket that drops', () => {
  it('stores every message exactly once and in order, and the other side gets them all', async () => {
    const s = await clinicWithStaff(t);
    const patientUser = await createUser(t.db, { clinicId: s.clinic.id, role: 'patient' });
    const patient = await createPatient(t.db, { clinicId: s.clinic.id, userId: patientUser.id }, [
      s.staff.therapist.user.id,
    ]);
    const session = json<{ id: number }>(
      await call(t, {
        method: 'POST',
        url: '/chat/session',
        cookie: s.staff.therapist.cookie,
        payload: { patient: patient.id },
      }),
    ).id;
    const patientCookie = await sessionCookie(t, patientUser.id);

    const receiver = connect(base, patientCookie, false);
    const heard: ChatMessage[] = [];
    receiver.on('new_message', (message) => heard.push(message));
    const sender = connect(`http://127.0.0.1:${proxy.port}`, s.staff.therapist.cookie, true);
    let reconnects = 0;
    sender.io.on('reconnect', () => (reconnects += 1));
    await waitUntil('both sockets connected', () => receiver.connected && sender.connected);

    const outbox = Array.from({ length: MESSAGES }, (_, index) => ({
      clientId: randomUUID(),
      text: `Message ${index + 1}`,
    }));
    const answers: { status: number; id: number }[] = [];
    let attempts = 0;
    for (const [index, entry] of outbox.entries()) {
      for (;;) {
        await waitUntil('the sender connected', () => sender.connected);
        attempts += 1;
        const sending = sender.timeout(3_000).emitWithAck('send_message', {
          session,
          message: entry.text,
          client_id: entry.clientId,
        });
        if (index + 1 === LOST_ANSWER && reconnects === 0) {
          // The answer is lost once the server has stored the message (the patient hears of it);
          // then the connection goes, and comes back after a moment.
          proxy.dropReplies();
          await waitUntil('the lost one stored', () => heard.length === LOST_ANSWER);
          await proxy.cut();
          setTimeout(() => void proxy.open(), 300);
        }
        const answer = await sending.then(
          (reply) => reply as { status: number; body: ChatMessage },
          () => null,
        );
        if (answer && answer.status >= 200 && answer.status < 300) {
          answers.push({ status: answer.status, id: answer.body.id });
          break;
        }
      }
    }

    expect(reconnects).toBeGreaterThanOrEqual(1);
    expect(attempts).toBeGreaterThan(MESSAGES);
    // The lost one, sent again with its client_id, answers the stored message (200), not a copy.
    expect(answers[LOST_ANSWER - 1]!.status).toBe(200);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MESSAGES - 1);

    await waitUntil('the patient heard every message', () => heard.length >= MESSAGES);
    const page = json<ChatMessagePage>(
      await call(t, {
        method: 'GET',
        url: `/chat/message?session=${session}`,
        cookie: patientCookie,
      }),
    );
    const texts = outbox.map((entry) => entry.text);
    expect(page.count).toBe(MESSAGES);
    expect(page.results.map((message) => message.message)).toEqual(texts);
    expect(page.results.map((message) => message.client_id)).toEqual(
      outbox.map((entry) => entry.clientId),
    );
    expect(page.results.map((message) => message.id)).toEqual(answers.map((answer) => answer.id));
    expect(heard.map((message) => message.message)).toEqual(texts);
    // What a reconnecting reader fetches after the last message it holds: the rest, once each.
    const after = json<ChatMessagePage>(
      await call(t, {
        method: 'GET',
        url: `/chat/message?session=${session}&after=${answers[4]!.id}`,
        cookie: patientCookie,
      }),
    );
    expect(after.results.map((message) => message.message)).toEqual(texts.slice(5));
  });
});
