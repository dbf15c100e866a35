import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBaseUrl } from '../test-engine';
import {
  type Caller,
  ACCOUNTS,
  type ServerProcess,
  type Store,
  api,
  errorLines,
  freePort,
  freshStore,
  signIn,
  startServer,
  stopServer,
} from './server-process';
import { type TcpProxy, startTcpProxy } from './tcp-proxy';

/**
 * Issue 16, standing proof: PostgreSQL restarted under load, and the server recovers without a
 * restart of its own. The shared cluster is never restarted: the server reaches PostgreSQL through
 * a proxy the test cuts, which is what a restart looks like from the server (every connection
 * dropped, new ones refused), and the server's backends are ended with pg_terminate_backend, what
 * a fast shutdown sends them (57P01).
 */
const onPostgres = postgresBaseUrl() !== undefined;

/** An answer slower than this is a hang (the pool's connect timeout is 10 s). */
const ANSWER_WITHIN_MS = 25_000;
/** How long connections are refused: a fast restart of a small cluster. */
const OUTAGE_MS = 4_000;
/** How soon after PostgreSQL is back the same process must answer 2xx again. */
const RECOVER_WITHIN_MS = 30_000;

interface Answer {
  at: number;
  kind: 'read' | 'write';
  status: number;
  code: string | null;
  /** fetch itself failed: no answer (a crash, a hang past the bound). */
  failure: string | null;
}

let store: Store;
let proxy: TcpProxy;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (!onPostgres) {
    return;
  }
  store = await freshStore('restart');
  const target = new URL(store.databaseUrl!);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
});

afterAll(async () => {
  if (server) {
    await stopServer(server);
  }
  await proxy?.close();
  await store?.remove();
});

let context = () => '';

const waitUntil = async (what: string, condition: () => boolean, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) {
      throw new Error(`Not within ${withinMs} ms: ${what}\n${context()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.runIf(onPostgres)(
  'PostgreSQL restarted under load (PostgreSQL only: the embedded database has no server to restart)',
  () => {
    it('answers 503 while it is away and 2xx again when it is back, in the same process', async () => {
      const viaProxy = new URL(store.databaseUrl!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      server = await startServer(store, await freePort(), { databaseUrl: viaProxy.toString() });
      const { base } = server;
      const therapist: Caller = await signIn(base, ACCOUNTS.therapist);

      const answers: Answer[] = [];
      const registered: number[] = [];
      let loading = true;
      let sequence = 0;
      const worker = async () => {
        while (loading) {
          sequence += 1;
          const kind = sequence % 2 === 0 ? 'read' : 'write';
          const at = Date.now();
          try {
            const answer =
              kind === 'read'
                ? await api(
                    base,
                    therapist,
                    'GET',
                    '/api/v1/patients/',
                    undefined,
                    ANSWER_WITHIN_MS,
                  )
                : await api<{ id: number; error?: { code: string } }>(
                    base,
                    therapist,
                    'POST',
                    '/clinic/patient/register',
                    { first_name: `Load${sequence}`, last_name: 'Restart' },
                    ANSWER_WITHIN_MS,
                  );
            const body = answer.body as { id?: number; error?: { code?: string } } | null;
            if (kind === 'write' && answer.status === 201) {
              registered.push(body!.id!);
            }
            answers.push({
              at,
              kind,
              status: answer.status,
              code: body?.error?.code ?? null,
              failure: null,
            });
          } catch (error) {
            answers.push({ at, kind, status: 0, code: null, failure: String(error) });
          }
          // A client backs off a little after a refusal, as the web app's retries do.
          if (answers.at(-1)!.status !== 201 && answers.at(-1)!.status !== 200) {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      };
      context = () => {
        const counts = new Map<string, number>();
        for (const answer of answers.slice(-200)) {
          const key = `${answer.kind} ${answer.status} ${answer.code ?? ''} ${answer.failure ?? ''}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return `last answers: ${JSON.stringify([...counts])}\nserver output:\n${server!.output().slice(-3000)}`;
      };
      const load = Promise.all([worker(), worker(), worker(), worker()]);
      const okSince = (since: number) =>
        answers.filter(
          (answer) => answer.at >= since && answer.status >= 200 && answer.status < 300,
        ).length;

      await waitUntil('20 answers under load', () => okSince(0) >= 20, 60_000);

      // What a fast shutdown sends every backend: the server's clients end, in use or idle.
      const terminated = await store.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and application_name = ''`,
        [new URL(store.databaseUrl!).pathname.slice(1)],
      );
      expect(terminated.length).toBeGreaterThan(0);
      const afterTerminate = Date.now();
      await waitUntil(
        '2xx after pg_terminate_backend',
        () => okSince(afterTerminate) >= 10,
        RECOVER_WITHIN_MS,
      );

      // The restart itself: every connection cut, new ones refused for OUTAGE_MS.
      const connectionsBefore = proxy.connections();
      const cutAt = Date.now();
      await proxy.cut();
      await waitUntil(
        'answers during the outage',
        () => answers.filter((answer) => answer.at >= cutAt).length >= 8,
        ANSWER_WITHIN_MS,
      );
      const remaining = OUTAGE_MS - (Date.now() - cutAt);
      if (remaining > 0) {
        await new Promise((resolve) => setTimeout(resolve, remaining));
      }
      const reopenedAt = Date.now();
      await proxy.open();
      await waitUntil(
        '2xx after PostgreSQL is back',
        () => okSince(reopenedAt) >= 1,
        RECOVER_WITHIN_MS,
      );
      const recoveredAt = answers.find(
        (answer) => answer.at >= reopenedAt && answer.status >= 200 && answer.status < 300,
      )!.at;
      // Then nothing but 2xx: no dead client is left in the pool to fail a later request.
      const steadyFrom = Date.now();
      await waitUntil(
        '40 answers after recovery',
        () => answers.filter((a) => a.at >= steadyFrom).length >= 40,
        60_000,
      );
      loading = false;
      await load;

      expect(server.exited(), server.output()).toBe(false);
      expect(answers.filter((answer) => answer.failure !== null)).toEqual([]);
      const during = answers.filter((answer) => answer.at >= cutAt && answer.at < reopenedAt);
      expect(during.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
      // Every answer is a success or the one error shape's 503: never a 500.
      const unexpected = answers.filter(
        (answer) =>
          !(answer.status >= 200 && answer.status < 300) &&
          !(answer.status === 503 && answer.code === 'service_unavailable'),
      );
      expect(unexpected).toEqual([]);
      expect(
        answers.filter(
          (answer) => answer.at >= steadyFrom && answer.status !== 200 && answer.status !== 201,
        ),
      ).toEqual([]);
      expect(proxy.connections()).toBeGreaterThan(connectionsBefore);
      expect(errorLines(server.output())).toEqual([]);

      const stored = await store.query<{ id: number }>(
        'select id from patients where id = any($1)',
        [registered],
      );
      expect(stored.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        [...registered].sort((a, b) => a - b),
      );
      console.warn(
        `PostgreSQL restart: ${answers.length} answers (${during.length} during a ${reopenedAt - cutAt} ms outage, ` +
          `${during.filter((answer) => answer.status === 503).length} of them 503); ` +
          `2xx again ${recoveredAt - reopenedAt} ms after it was back; ${registered.length} acknowledged registrations all stored`,
      );
    }, 240_000);
  },
);
