import { randomUUID } from 'node:crypto';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../seed/random';
import { REALTIME_PATH } from '@homestretch/contract/realtime/events';
import {
  type Caller,
  ACCOUNTS,
  type ServerProcess,
  type Store,
  api,
  errorLines,
  faultSeed,
  freePort,
  freshStore,
  inspectStore,
  kill9,
  signIn,
  startServer,
  stopServer,
} from './server-process';

/**
 * Issue 16, standing proof: kill -9 the server during a stream of acknowledged writes, start it
 * again on the same data, and find every write it acknowledged. Runs on the engine of the run:
 * the embedded database, or PostgreSQL under `npm run test:postgres`.
 */
const seed = faultSeed();
// The seeded choices of the run, so a failure can be replayed with its seed.
const random = mulberry32(seed);
/** The kill comes after this many acknowledged writes, all streams together. */
const KILL_AFTER = 30 + Math.floor(random() * 40);

let store: Store;
let port: number;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  store = await freshStore('kill');
  port = await freePort();
});

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await store?.remove();
});

interface Acknowledged {
  patients: number[];
  program: { patient: number; video: number }[];
  /** Per monitoring session: the seconds of its last acknowledged save, whether it was closed. */
  monitoring: Map<number, { seconds: number; ended: boolean }>;
  /** client_id → message id, per sender. */
  chatHttp: Map<string, number>;
  chatSocket: Map<string, number>;
}

describe(`kill -9 during acknowledged writes (seed ${seed}, replay with FAULT_SEED=${seed})`, () => {
  it('finds every acknowledged write after a restart on the same data, none half-written', async () => {
    const first = await startServer(store, port);
    servers.push(first);
    const base = first.base;
    const therapist = await signIn(base, ACCOUNTS.therapist);
    const admin = await signIn(base, ACCOUNTS.admin);

    const register = async (caller: Caller, name: string) => {
      const answer = await api<{ id: number }>(base, caller, 'POST', '/clinic/patient/register', {
        first_name: name,
        last_name: `Fault${seed}`,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id;
    };
    const programPatients = [
      await register(therapist, 'Program'),
      await register(therapist, 'Plan'),
    ];
    const monitored = await register(therapist, 'Monitored');
    const chatted = await register(therapist, 'Chat');
    const conversation = await api<{ id: number }>(base, therapist, 'POST', '/chat/session', {
      patient: chatted,
    });
    expect(conversation.status).toBe(201);
    const session = conversation.body.id;
    const catalogue = await api<{ results: { id: number }[] }>(
      base,
      therapist,
      'GET',
      '/video/list?scope=catalogue',
    );
    const videos = catalogue.body.results.map((video) => video.id);
    expect(videos.length).toBeGreaterThanOrEqual(20);
    const socket: Socket = io(base, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: admin.cookie, origin: base },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });

    const acked: Acknowledged = {
      patients: [],
      program: [],
      monitoring: new Map(),
      chatHttp: new Map(),
      chatSocket: new Map(),
    };
    let count = 0;
    let killed: Promise<void> | null = null;
    /** Counts an acknowledged write; the one that reaches KILL_AFTER pulls the plug at once. */
    const ack = () => {
      count += 1;
      if (count === KILL_AFTER) {
        killed = kill9(first);
      }
    };
    const live = () => killed === null;
    /** A stream ends at the kill: its request fails (no answer), which is not an acknowledgement. */
    const stream = async (step: (index: number) => Promise<boolean>, limit: number) => {
      for (let index = 0; index < limit && live(); index += 1) {
        const more = await step(index).catch(() => false);
        if (!more) {
          return;
        }
      }
    };

    await Promise.all([
      ...[0, 1].map((lane) =>
        stream(async (index) => {
          const answer = await api<{ id: number }>(
            base,
            therapist,
            'POST',
            '/clinic/patient/register',
            {
              first_name: `Lane${lane}n${index}`,
              last_name: `Fault${seed}`,
            },
          );
          if (answer.status !== 201) {
            throw new Error(`register: ${answer.status}`);
          }
          acked.patients.push(answer.body.id);
          ack();
          return true;
        }, 200),
      ),
      stream(async (index) => {
        const patient = programPatients[index % 2]!;
        const video = videos[Math.floor(index / 2)]!;
        const answer = await api(base, therapist, 'POST', `/video/hep/therapist/${patient}`, [
          { video_id: video, sets: 3, reps: 10 },
        ]);
        if (answer.status !== 201) {
          throw new Error(`program: ${answer.status}`);
        }
        acked.program.push({ patient, video });
        ack();
        return true;
      }, videos.length * 2),
      stream(async () => {
        const started = await api<{ id: number }>(
          base,
          therapist,
          'POST',
          '/user/therapist/monitoring',
          {
            user_id: monitored,
          },
        );
        if (started.status !== 201) {
          throw new Error(`monitoring start: ${started.status}`);
        }
        const id = started.body.id;
        acked.monitoring.set(id, { seconds: 0, ended: false });
        ack();
        for (const final of [false, true]) {
          const saved = await api<{ seconds: number; ended: boolean }>(
            base,
            therapist,
            'PUT',
            `/user/therapist/dashboard/monitoring/${id}`,
            { seconds: 3600, final },
          );
          if (saved.status !== 200) {
            throw new Error(`monitoring save: ${saved.status}`);
          }
          acked.monitoring.set(id, { seconds: saved.body.seconds, ended: saved.body.ended });
          ack();
        }
        return true;
      }, 200),
      // The flood guard allows 30 messages a minute per sender: each chat stream stays under it.
      stream(async (index) => {
        const clientId = randomUUID();
        const answer = await api<{ id: number }>(base, therapist, 'POST', '/chat/message', {
          session,
          message: `http ${index}`,
          client_id: clientId,
        });
        if (answer.status !== 201) {
          throw new Error(`chat: ${answer.status}`);
        }
        acked.chatHttp.set(clientId, answer.body.id);
        ack();
        return true;
      }, 28),
      stream(async (index) => {
        const clientId = randomUUID();
        const answer = (await socket.timeout(15_000).emitWithAck('send_message', {
          session,
          message: `socket ${index}`,
          client_id: clientId,
        })) as {
          status: number;
          body: { id: number };
        };
        if (answer.status !== 201) {
          throw new Error(`socket chat: ${answer.status}`);
        }
        acked.chatSocket.set(clientId, answer.body.id);
        ack();
        return true;
      }, 28),
    ]);
    socket.close();
    expect(
      killed,
      `only ${count} writes were acknowledged before the streams ran out`,
    ).not.toBeNull();
    await killed;
    expect(await first.exit).toEqual({ code: null, signal: 'SIGKILL' });

    // The same data, no repair: the server starts and answers, with no error logged on the way.
    const second = await startServer(store, port);
    servers.push(second);
    const afterRestart = await signIn(base, ACCOUNTS.therapist);
    const page = await api<{ count: number }>(
      base,
      afterRestart,
      'GET',
      `/chat/message?session=${session}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThanOrEqual(acked.chatHttp.size + acked.chatSocket.size);
    expect(errorLines(second.output())).toEqual([]);
    await stopServer(second);

    const found = await inspectStore(store, async (query) => ({
      patients: await query<{ id: number; first_name: string }>(
        `select id, first_name from patients where last_name = $1`,
        [`Fault${seed}`],
      ),
      program: await query<{ patient_id: number; video_id: number }>(
        'select patient_id, video_id from hep_items where patient_id = any($1) and deleted_at is null',
        [programPatients],
      ),
      monitoring: await query<{ id: number; seconds: number; ended: boolean }>(
        'select id, seconds, ended_at is not null as ended from monitoring_sessions where patient_id = $1',
        [monitored],
      ),
      chat: await query<{ id: number; client_id: string | null; message: string }>(
        'select id, client_id, message from chat_messages where session_id = $1 order by id',
        [session],
      ),
    }));

    const patientIds = new Set(found.patients.map((row) => row.id));
    expect(acked.patients.filter((id) => !patientIds.has(id))).toEqual([]);
    // Each registration is stored once or not at all.
    const names = found.patients.map((row) => row.first_name);
    expect(names.length).toBe(new Set(names).size);

    const items = new Set(found.program.map((row) => `${row.patient_id}:${row.video_id}`));
    expect(acked.program.filter((item) => !items.has(`${item.patient}:${item.video}`))).toEqual([]);

    const sessions = new Map(found.monitoring.map((row) => [row.id, row]));
    for (const [id, saved] of acked.monitoring) {
      const row = sessions.get(id);
      expect(row, `monitoring session ${id}`).toBeDefined();
      expect(row!.seconds, `seconds of monitoring session ${id}`).toBeGreaterThanOrEqual(
        saved.seconds,
      );
      if (saved.ended) {
        expect(row!.ended, `monitoring session ${id} closed`).toBe(true);
      }
    }

    const byClientId = new Map<string, number[]>();
    for (const row of found.chat) {
      if (row.client_id) {
        byClientId.set(row.client_id, [...(byClientId.get(row.client_id) ?? []), row.id]);
      }
    }
    expect([...byClientId.values()].filter((ids) => ids.length > 1)).toEqual([]);
    for (const [clientId, id] of [...acked.chatHttp, ...acked.chatSocket]) {
      expect(byClientId.get(clientId), `message ${clientId}`).toEqual([id]);
    }

    console.warn(
      `kill -9 (${store.databaseUrl ? 'PostgreSQL' : 'PGlite'}, seed ${seed}): killed after ${KILL_AFTER} acknowledgements (${count} in all, ` +
        `answers already on their way count too); found all: ${acked.patients.length} patients, ${acked.program.length} program items, ` +
        `${acked.monitoring.size} monitoring sessions, ${acked.chatHttp.size} + ${acked.chatSocket.size} messages`,
    );
  }, 240_000);
});
