/**
 * `npm run bench -- --chat`: real-time chat (issue 14), on PostgreSQL. 5,000 people of one clinic
 * online at once (500 therapists, 4,500 patients: bench/chat-clinic.ts), each with a Socket.IO
 * socket signed in by their session cookie; then messages between the two people of a
 * conversation, sent by POST /chat/message on a wall-clock schedule (open loop) at 100 and then
 * 1,000 a second, each timed from when it was due to when the other person's socket received it.
 * The product is measured sending as a connected client does, over its socket (`send_message`
 * with an acknowledgement, decision 023), and on one node also by POST /chat/message, the way of a
 * client without a socket.
 * The same on two server nodes sharing the PostgreSQL (the Postgres adapter between them), and,
 * in the same run, the limit: a bare Socket.IO server that takes each message over the socket,
 * stores it with one INSERT and emits it (bench/chat-bare-server.ts), on one node and on two. On one node, after the
 * messages, the reads they cause (READS), open loop, with everyone still online.
 *
 * The sockets live in two other processes (bench/chat-sockets.ts), so the process that sends on
 * schedule is not the one parsing deliveries; all of them share the machine's 2 cores with the
 * server and PostgreSQL. BENCH_SECONDS sets each rate's measured seconds (20); BENCH_ONLY=bare
 * runs only the bare server and any other BENCH_ONLY only the product, BENCH_NODES=2 only the
 * runs on that many nodes, each without writing the report. The servers take V8 flags from
 * BENCH_NODE_FLAGS (a heap setting to try, `--trace-gc`: harness.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openPostgres } from '../apps/server/src/db/client';
import { CHAT_MESSAGES_PER_MINUTE } from '../packages/contract/src/chat/chat-rules';
import { type ChatPair, CHAT_CLINIC_CODE, ensureChatClinic, signInEveryone } from './chat-clinic';
import type { FromSockets, Receipt, SocketPlan, SocketSend, ToSockets } from './chat-sockets';
import {
  DATABASE_URL,
  ROOT,
  ensureDatabase,
  log,
  NODE_FLAGS,
  startApp,
  startServer,
  stopServer,
  waitFor,
  writeBlock,
} from './harness';
import { mulberry32 } from './large-clinic';
import { type CpuSnapshot, cpuShares, cpuSnapshot } from './cpu-time';
import { type Call, type LoadResult, percentile, runOpenLoop, send } from './load';

const RATES = [100, 1_000];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
/** A message answered 2xx and not received this long after the last answer is lost. */
const GRACE_MS = 10_000;
const SOCKET_PROCESSES = 2;
const CONNECTS_IN_PARALLEL = 50;
const PORTS = { app: [3231, 3232], bare: [3233, 3234] };
/** Issue 14's targets: p99 by rate, within 3x of the bare p99; memory within 2x of the bare's. */
const TARGET = {
  p99Ms: new Map([
    [100, 25],
    [1_000, 50],
  ]),
  toBare: 3,
  memoryToBare: 2,
};

/** One person online: whose socket, and the conversations they may write in. */
interface Person {
  userId: number;
  conversations: { session: number; other: number }[];
}

interface Setup {
  clinicId: number;
  people: Person[];
  cookies: Map<number, string>;
}

interface Setting {
  label: string;
  bare: boolean;
  nodes: number;
  /** How messages leave: an HTTP POST, or the sender's own socket. */
  via: 'http' | 'socket';
  /** Whether issue 14's targets apply to this row (the product as a connected client sends). */
  targeted: boolean;
  /** Whether the reads that follow messages (READS) are measured after the rates, still online. */
  measureReads?: boolean;
}

/**
 * What clients read while people chat, offered at fixed rates (open loop), at the pace of 100
 * messages a second: half of them reach a therapist, whose tab then refetches the menu's unread
 * count; fewer have the chat page open (the list), open a conversation (its newest page, which
 * marks it read) or open the patient app's chat.
 */
const READS = [
  { name: 'GET /chat/unread (menu badge)', rate: 50, who: 'therapist', path: () => '/chat/unread' },
  { name: 'GET /chat/therapist (list)', rate: 10, who: 'therapist', path: () => '/chat/therapist' },
  {
    name: 'GET /app-api/chat (patient app)',
    rate: 10,
    who: 'patient',
    path: () => '/app-api/chat',
  },
  {
    name: 'GET /chat/message (open a conversation)',
    rate: 10,
    who: 'either',
    path: (session: number) => `/chat/message?session=${session}`,
  },
] as const;

interface PhaseResult {
  rate: number;
  sent: number;
  /** Messages answered 2xx a second, first due to last answer: below `rate`, a queue grew. */
  answered: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  /** Sockets the servers had dropped by the end of the phase (they do not reconnect). */
  disconnected: number;
  errors: string;
  postP99: number;
  /** How late the load generator sent the timed messages, p99: its own stalls, in every figure. */
  lateP99: number;
  /** Percent of one core while sending: the servers, PostgreSQL, the load generator, the rest. */
  cpu: Map<string, number>;
}

/** What a phase's sends came to: who answered how, and when each left. */
interface Sent {
  stored: Set<number>;
  statuses: Map<number, number>;
  answerLatencies: number[];
  lateness: number[];
}

interface RunResult extends Setting {
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerSocket: number;
  phases: PhaseResult[];
  reads: Map<string, LoadResult> | null;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The clinic, everyone signed in, and each patient's conversation with their therapist. */
async function prepare(): Promise<Setup> {
  await ensureDatabase(DATABASE_URL);
  const database = await openPostgres(DATABASE_URL);
  try {
    await database.migrate();
    const clinic = await ensureChatClinic(database.db, log);
    log('Signing 5,000 people in…');
    const cookies = await signInEveryone(database.db, clinic.clinicId);
    return { clinicId: clinic.clinicId, people: peopleOf(clinic.pairs), cookies };
  } finally {
    await database.close();
  }
}

function peopleOf(pairs: ChatPair[]): Person[] {
  const people = new Map<number, Person>();
  const person = (userId: number) => {
    const found = people.get(userId) ?? { userId, conversations: [] };
    people.set(userId, found);
    return found;
  };
  for (const pair of pairs) {
    const session = pair.sessionId;
    person(pair.patientUserId).conversations.push({ session, other: pair.therapistUserId });
    person(pair.therapistUserId).conversations.push({ session, other: pair.patientUserId });
  }
  return [...people.values()];
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** A socket process, spoken to over IPC: one question, the next answer of a kind. */
class SocketProcess {
  readonly child: ChildProcess;

  constructor() {
    this.child = fork(path.join(ROOT, 'bench/chat-sockets.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  ask<T extends FromSockets['type']>(
    message: ToSockets,
    answer: T,
  ): Promise<Extract<FromSockets, { type: T }>> {
    return new Promise((resolve) => {
      const listener = (reply: FromSockets) => {
        if (reply.type === answer) {
          this.child.off('message', listener);
          resolve(reply as Extract<FromSockets, { type: T }>);
        }
      };
      this.child.on('message', listener);
      this.child.send(message);
    });
  }

  close(): void {
    if (this.child.connected) {
      this.child.send({ type: 'close' } satisfies ToSockets);
    }
  }
}

/** Spreads the sends so each person writes about as often as every other (the rate limit). */
function senderCycle(people: Person[]): () => Person {
  const random = mulberry32(14);
  const order = [...people];
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  let next = Math.floor(random() * order.length);
  return () => order[next++ % order.length]!;
}

/** Time for the schedule to reach the socket processes before its first message is due. */
const SOCKET_SCHEDULE_LEAD_NS = 1_000_000_000n;

/**
 * Sends the phase's messages over their senders' sockets, from the socket processes that hold
 * them, on the same wall-clock schedule (process.hrtime is one clock for every process).
 */
async function sendOverSockets(options: {
  phase: string;
  rate: number;
  total: number;
  firstMeasured: number;
  nextSender: () => Person;
  processOf: (userId: number) => number;
  sockets: SocketProcess[];
  clientId: (text: string, seq: number) => string;
}): Promise<Sent> {
  const { phase, rate, total } = options;
  const interval = 1e9 / rate;
  const random = mulberry32(rate);
  const started = process.hrtime.bigint() + SOCKET_SCHEDULE_LEAD_NS;
  const shares: SocketSend[][] = options.sockets.map(() => []);
  for (let seq = 0; seq < total; seq += 1) {
    const due = started + BigInt(Math.round(seq * interval));
    const sender = options.nextSender();
    const to = sender.conversations[Math.floor(random() * sender.conversations.length)]!;
    const text = `chatbench ${phase} ${seq} ${due} ${to.other}`;
    shares[options.processOf(sender.userId)]!.push({
      seq,
      due: String(due),
      userId: sender.userId,
      session: to.session,
      recipient: to.other,
      text,
      clientId: options.clientId(text, seq),
      measured: seq >= options.firstMeasured,
    });
  }
  const replies = await Promise.all(
    options.sockets.map((socket, index) =>
      socket.ask({ type: 'send', phase, sends: shares[index]! }, 'sent'),
    ),
  );
  const statuses = new Map<number, number>();
  for (const [status, count] of replies.flatMap((reply) => reply.statuses)) {
    statuses.set(status, (statuses.get(status) ?? 0) + count);
  }
  return {
    stored: new Set(replies.flatMap((reply) => reply.stored)),
    statuses,
    answerLatencies: replies.flatMap((reply) => reply.ackLatencies),
    lateness: replies.flatMap((reply) => reply.lateness),
  };
}

async function sendPhase(options: {
  phase: string;
  rate: number;
  nodes: URL[];
  via: Setting['via'];
  call: (text: string, sender: Person, to: Person['conversations'][number], seq: number) => Call;
  clientId: (text: string, seq: number) => string;
  nextSender: () => Person;
  processOf: (userId: number) => number;
  sockets: SocketProcess[];
  cpu: () => CpuSnapshot;
}): Promise<PhaseResult> {
  const { rate } = options;
  const interval = 1e9 / rate;
  const firstMeasured = Math.ceil(WARMUP_SECONDS * rate);
  const total = firstMeasured + SECONDS * rate;
  const cpuBefore = options.cpu();
  const started = process.hrtime.bigint();
  const sent =
    options.via === 'socket'
      ? await sendOverSockets({ ...options, total, firstMeasured })
      : await sendOverHttp({ ...options, total, firstMeasured, interval, started });
  const { stored, statuses, lateness } = sent;
  const postLatencies = sent.answerLatencies;
  const answeredIn =
    Number(process.hrtime.bigint() - started) / 1e9 -
    (options.via === 'socket' ? Number(SOCKET_SCHEDULE_LEAD_NS) / 1e9 : 0);
  const cpu = cpuShares(cpuBefore, options.cpu());
  return collectPhase({
    ...options,
    firstMeasured,
    total,
    stored,
    statuses,
    postLatencies,
    lateness,
    answeredIn,
    cpu,
  });
}

/** Sends the phase's messages by HTTP POST from this process, on the wall-clock schedule. */
async function sendOverHttp(options: {
  phase: string;
  rate: number;
  nodes: URL[];
  total: number;
  firstMeasured: number;
  interval: number;
  started: bigint;
  call: (text: string, sender: Person, to: Person['conversations'][number], seq: number) => Call;
  nextSender: () => Person;
}): Promise<Sent> {
  const { phase, rate, nodes, total, firstMeasured, interval, started } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const stored = new Set<number>();
  const statuses = new Map<number, number>();
  const postLatencies: number[] = [];
  const lateness: number[] = [];
  const inFlight: Promise<void>[] = [];
  const random = mulberry32(rate);
  for (let seq = 0; seq < total; seq += 1) {
    const due = started + BigInt(Math.round(seq * interval));
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 0) {
      await sleep(wait);
    }
    if (seq >= firstMeasured) {
      lateness.push(Number(process.hrtime.bigint() - due) / 1e6);
    }
    const sender = options.nextSender();
    const to = sender.conversations[Math.floor(random() * sender.conversations.length)]!;
    const node = nodes[Math.floor(random() * nodes.length)]!;
    const text = `chatbench ${phase} ${seq} ${due} ${to.other}`;
    inFlight.push(
      send(agent, node, options.call(text, sender, to, seq), {})
        .catch(() => 0)
        .then((status) => {
          if (status >= 200 && status < 300) {
            stored.add(seq);
            if (seq >= firstMeasured) {
              postLatencies.push(Number(process.hrtime.bigint() - due) / 1e6);
            }
          } else {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { stored, statuses, answerLatencies: postLatencies, lateness };
}

/** Waits for the deliveries of what was stored, then times them and counts the lost. */
async function collectPhase(options: {
  phase: string;
  rate: number;
  total: number;
  firstMeasured: number;
  stored: Set<number>;
  statuses: Map<number, number>;
  postLatencies: number[];
  lateness: number[];
  answeredIn: number;
  cpu: Map<string, number>;
  sockets: SocketProcess[];
}): Promise<PhaseResult> {
  const { phase, rate, total, firstMeasured, stored, statuses, postLatencies, answeredIn, cpu } =
    options;
  const lateness = [...options.lateness].sort((a, b) => a - b);
  const graceEnds = Date.now() + GRACE_MS;
  while (Date.now() < graceEnds) {
    const counts = await Promise.all(
      options.sockets.map((socket) => socket.ask({ type: 'count', phase }, 'count')),
    );
    if (counts.reduce((sum, reply) => sum + reply.count, 0) >= stored.size) {
      break;
    }
    await sleep(250);
  }
  const replies = await Promise.all(
    options.sockets.map((socket) => socket.ask({ type: 'collect', phase }, 'receipts')),
  );
  const receipts: Receipt[] = replies.flatMap((reply) => reply.receipts);
  const received = new Set(receipts.map(([seq]) => seq));
  const latencies = receipts
    .filter(([seq]) => seq >= firstMeasured)
    .map(([, latency]) => latency)
    .sort((a, b) => a - b);
  const lost = [...stored].filter((seq) => !received.has(seq)).length;
  postLatencies.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    answered: stored.size / answeredIn,
    delivered: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    lost,
    disconnected: replies.reduce((sum, reply) => sum + reply.disconnected, 0),
    errors:
      statuses.size === 0
        ? '0'
        : [...statuses].map(([status, count]) => `${count} × ${status || 'no answer'}`).join(', '),
    postP99: percentile(postLatencies, 99),
    lateP99: percentile(lateness, 99),
    cpu,
  };
}

async function runSetting(setting: Setting, setup: Setup): Promise<RunResult> {
  const ports = (setting.bare ? PORTS.bare : PORTS.app).slice(0, setting.nodes);
  const nodes = ports.map((port) => new URL(`http://127.0.0.1:${port}`));
  const servers = ports.map((port) =>
    setting.bare
      ? startServer(['node', ...NODE_FLAGS, '--import', 'tsx', 'bench/chat-bare-server.ts'], {
          PORT: String(port),
          DATABASE_URL,
          BENCH_CLINIC_ID: String(setup.clinicId),
          CHAT_ADAPTER: setting.nodes > 1 ? 'postgres' : 'off',
        })
      : startApp({ DATABASE_URL, DEMO_SEED: 'off' }, port),
  );
  const sockets = Array.from({ length: SOCKET_PROCESSES }, () => new SocketProcess());
  try {
    await Promise.all(
      nodes.map((node) =>
        waitFor(new URL(setting.bare ? '/bare-health' : '/api/v1/users/', node).toString(), 300),
      ),
    );
    await sleep(1_000);
    const rss = () => Promise.all(servers.map((server) => rssMb(server.pid!)));
    const before = await rss();

    log(`${setting.label}: connecting ${setup.people.length} sockets…`);
    const plans: SocketPlan[] = setup.people.map((person, index) => ({
      userId: person.userId,
      url: nodes[index % nodes.length]!.origin,
      ...(setting.bare ? { bare: true } : { cookie: setup.cookies.get(person.userId)! }),
    }));
    const connectStarted = Date.now();
    const connected = await Promise.all(
      sockets.map((socket, index) =>
        socket.ask(
          {
            type: 'connect',
            sockets: plans.filter((_, plan) => plan % SOCKET_PROCESSES === index),
            parallel: CONNECTS_IN_PARALLEL,
          },
          'connected',
        ),
      ),
    );
    const failed = connected.flatMap((reply) => reply.failed);
    const count = connected.reduce((sum, reply) => sum + reply.connected, 0);
    if (count !== plans.length) {
      throw new Error(`${plans.length - count} sockets did not connect: ${failed.join('; ')}`);
    }
    log(`  ${count} connected in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);
    await sleep(2_000);
    const after = await rss();
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

    const nextSender = senderCycle(setup.people);
    const runTag = Date.now().toString(36);
    const clientIdOf = (text: string, seq: number) =>
      `chatbench-${runTag}-${text.split(' ')[1]}-${seq}`;
    const processIndex = new Map(
      setup.people.map((person, index) => [person.userId, index % SOCKET_PROCESSES]),
    );
    const call = (
      text: string,
      sender: Person,
      to: Person['conversations'][number],
      seq: number,
    ): Call => {
      const clientId = clientIdOf(text, seq);
      return {
        method: 'POST',
        path: '/chat/message',
        body: { session: to.session, message: text, client_id: clientId },
        headers: { cookie: setup.cookies.get(sender.userId)! },
      };
    };
    const phases: PhaseResult[] = [];
    for (const rate of RATES) {
      log(`  ${rate} messages a second, ${WARMUP_SECONDS} s warm-up and ${SECONDS} s…`);
      const result = await sendPhase({
        phase: `r${rate}`,
        rate,
        nodes,
        via: setting.via,
        call,
        clientId: clientIdOf,
        nextSender,
        processOf: (userId) => processIndex.get(userId)!,
        sockets,
        cpu: () =>
          cpuSnapshot({
            servers: servers.map((server) => server.pid!),
            'load generator': [process.pid, ...sockets.map((socket) => socket.child.pid!)],
          }),
      });
      const cpu = [...result.cpu].map(([name, value]) => `${name} ${value.toFixed(0)}%`);
      log(
        `    answered ${Math.round(result.answered)}/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, max ${ms(result.max)} ms, sent late p99 ${ms(result.lateP99)} ms, lost ${result.lost}, sockets dropped ${result.disconnected}, errors ${result.errors}; CPU: ${cpu.join(', ')}`,
      );
      phases.push(result);
    }
    return {
      ...setting,
      rssBeforeMb: sum(before),
      rssAfterMb: sum(after),
      kbPerSocket: ((sum(after) - sum(before)) * 1024) / plans.length,
      phases,
      reads: setting.measureReads ? await readPhase(nodes[0]!, setup) : null,
    };
  } finally {
    sockets.forEach((socket) => socket.close());
    servers.forEach(stopServer);
    await sleep(1_000);
  }
}

/** READS together, each request by a random person of its kind with their own cookie. */
async function readPhase(node: URL, setup: Setup): Promise<Map<string, LoadResult>> {
  log(`  reads: ${READS.map((read) => `${read.rate}/s ${read.name}`).join(', ')}…`);
  // Statistics as autovacuum would have them by now; this machine's PostgreSQL runs without it,
  // and the sessions' last messages were all empty when the clinic was written.
  const database = await openPostgres(DATABASE_URL);
  try {
    await database.db.execute(sql`analyze chat_sessions, chat_messages, chat_reads`);
  } finally {
    await database.close();
  }
  const random = mulberry32(14);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const therapists = setup.people.filter((person) => person.conversations.length > 1);
  const patients = setup.people.filter((person) => person.conversations.length === 1);
  const results = await runOpenLoop({
    baseUrl: node.origin,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    streams: READS.map((read) => ({
      name: read.name,
      rate: read.rate,
      nextPath: () => {
        const person = pick(
          read.who === 'therapist' ? therapists : read.who === 'patient' ? patients : setup.people,
        );
        return {
          method: 'GET',
          path: read.path(pick(person.conversations).session),
          headers: { cookie: setup.cookies.get(person.userId)! },
        };
      },
    })),
  });
  for (const [name, result] of results) {
    log(
      `    ${name}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms, errors ${result.errors}`,
    );
  }
  return results;
}

function readTable(results: RunResult[]): string {
  const rows = results.flatMap((result) =>
    [...(result.reads ?? [])].map(
      ([name, read]) =>
        `| ${name} | ${READS.find((one) => one.name === name)!.rate} | ${ms(read.p50)} | ${ms(read.p95)} | ${ms(read.p99)} | ${read.errors} | reported |`,
    ),
  );
  return [
    '| Call | offered req/s | p50 ms | p95 ms | p99 ms | errors | target |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function tables(results: RunResult[]): { latency: string; memory: string; met: boolean } {
  let met = true;
  const bareOf = (result: RunResult) =>
    results.find((other) => other.bare && other.nodes === result.nodes);
  const latencyRows = results.flatMap((result) =>
    result.phases.map((phase) => {
      const bare = bareOf(result)?.phases.find((other) => other.rate === phase.rate);
      let target = result.bare ? 'baseline' : 'reported (clients without a socket)';
      if (result.targeted) {
        const limit = Math.min(TARGET.p99Ms.get(phase.rate)!, TARGET.toBare * (bare?.p99 ?? 0));
        const ok = phase.p99 < limit && phase.lost === 0 && phase.errors === '0';
        met &&= ok;
        target = `p99 < ${ms(limit)} ms, 0 lost: ${ok ? 'met' : '**missed**'}`;
      }
      const cpu = [...phase.cpu.values()].map((value) => value.toFixed(0)).join(' / ');
      return `| ${result.label} | ${result.nodes} | ${phase.rate} | ${Math.round(phase.answered)} | ${phase.delivered} | ${ms(phase.p50)} | ${ms(phase.p99)} | ${ms(phase.max)} | ${phase.lost}${phase.disconnected > 0 ? ` (${phase.disconnected} sockets dropped)` : ''} | ${phase.errors} | ${ms(phase.postP99)} | ${ms(phase.lateP99)} | ${cpu} | ${target} |`;
    }),
  );
  const memoryRows = results.map((result) => {
    let target = result.bare ? 'baseline' : 'reported';
    if (result.targeted) {
      const limit = TARGET.memoryToBare * (bareOf(result)?.kbPerSocket ?? 0);
      const ok = result.kbPerSocket <= limit;
      met &&= ok;
      target = `≤ ${limit.toFixed(1)} KB: ${ok ? 'met' : '**missed**'}`;
    }
    return `| ${result.label} | ${result.nodes} | ${result.rssBeforeMb.toFixed(0)} | ${result.rssAfterMb.toFixed(0)} | ${result.kbPerSocket.toFixed(1)} | ${target} |`;
  });
  return {
    latency: [
      '| Server | nodes | msg/s | answered/s | timed | p50 ms | p99 ms | max ms | lost | errors | answer p99 ms (POST or acknowledgement) | sent late p99 ms (the load generator) | CPU % of a core: servers / load generator / PostgreSQL / else | target |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...latencyRows,
    ].join('\n'),
    memory: [
      '| Server | nodes | RSS before MB | RSS with 5,000 sockets MB | KB per connection | target |',
      '|---|---|---|---|---|---|',
      ...memoryRows,
    ].join('\n'),
    met,
  };
}

export async function runChatBench(): Promise<void> {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const setup = await prepare();
  // The baseline takes messages as the product's clients send them, over the socket: a POST
  // baseline carried HTTP parsing the socket path does not, and flattered the ratio (issue 29).
  const bare = {
    label: 'Bare Socket.IO + one INSERT, over the socket',
    bare: true,
    via: 'socket',
    targeted: false,
  } as const;
  const overSocket = {
    label: 'send_message over the socket',
    bare: false,
    via: 'socket',
    targeted: true,
  } as const;
  const settings: Setting[] = [
    { ...bare, nodes: 1 },
    { ...overSocket, nodes: 1, measureReads: true },
    { label: 'POST /chat/message', bare: false, via: 'http', targeted: false, nodes: 1 },
    { ...bare, nodes: 2 },
    { ...overSocket, nodes: 2 },
  ];
  const only = process.env.BENCH_ONLY;
  const nodes = process.env.BENCH_NODES ? Number(process.env.BENCH_NODES) : null;
  const results: RunResult[] = [];
  for (const setting of settings) {
    if ((!only || (only === 'bare') === setting.bare) && (!nodes || nodes === setting.nodes)) {
      results.push(await runSetting(setting, setup));
    }
  }
  const { latency, memory, met } = tables(results);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const text = `Last run: ${when} UTC, PostgreSQL, ${CHAT_CLINIC_CODE}: ${setup.people.length.toLocaleString('en-US')} people online (500 therapists, 4,500 patients), a socket each over WebSocket; each rate ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up (the warm-up's messages count for loss, not for latency); lost means answered 2xx and not received within ${GRACE_MS / 1000} s. Senders take turns, about ${Math.ceil(((WARMUP_SECONDS + SECONDS) * (RATES[0]! + RATES[1]!)) / setup.people.length)} messages each a run (the limit is ${CHAT_MESSAGES_PER_MINUTE} a minute). Load average at the start ${load}.

Delivery, from when a message was due to leave to its receipt at the other person's socket:

${latency}

Memory (the server processes' resident set, summed over nodes; per connection = growth / 5,000):

${memory}

Reads on one node with the 5,000 online, after the messages (open loop, each by a random person of its kind, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up):

${readTable(results)}`;
  log(`\n${text}\n`);
  if (!only && !nodes) {
    await writeBlock('chat', text);
  }
  if (!met) {
    log('Targets missed: see the table.');
  }
}
