/**
 * The chat bench's people (bench/chat.ts), in a process of their own: its share of the 5,000
 * socket.io-client sockets, each signed in as one person, noting when each bench message reaches
 * the person it was for, and, when a server is measured taking messages over the socket (the
 * product, decision 023, and the bare baseline alike), sending its people's messages on the
 * schedule the bench gives it. HTTP sends stay in the bench's
 * own process, so parsing 2,000 deliveries a second does not delay the sends it would then time.
 *
 * A bench message's text is `chatbench <phase> <seq> <due> <recipient>`: `due` is when it was to
 * leave, in nanoseconds of the monotonic clock (process.hrtime), which every process on the machine
 * reads alike, so latency here is counted from the same instant as in the sender.
 */
import { type Socket, io } from 'socket.io-client';
import { REALTIME_PATH } from '../packages/contract/src/realtime/events';

/** One socket to open: whose, to which node, and how it proves who it is. */
export interface SocketPlan {
  userId: number;
  url: string;
  /** The product signs sockets in by the session cookie, checking Origin (decision 023). */
  cookie?: string;
  /** The bare server takes the user's id as it is. */
  bare?: boolean;
}

/** A message to send over its sender's socket when it is due (process.hrtime nanoseconds). */
export interface SocketSend {
  seq: number;
  due: string;
  userId: number;
  session: number;
  /** The bare server is told whom to tell; the product finds the conversation's other person. */
  recipient: number;
  text: string;
  clientId: string;
  measured: boolean;
}

export type ToSockets =
  | { type: 'connect'; sockets: SocketPlan[]; parallel: number }
  | { type: 'send'; phase: string; sends: SocketSend[] }
  | { type: 'collect'; phase: string }
  | { type: 'count'; phase: string }
  | { type: 'close' };

/** A delivery to the person a message was for: its sequence number and latency in ms. */
export type Receipt = [seq: number, latencyMs: number];

export type FromSockets =
  | { type: 'connected'; connected: number; failed: string[] }
  | {
      type: 'sent';
      phase: string;
      stored: number[];
      statuses: [status: number, count: number][];
      ackLatencies: number[];
      /** How late each timed message left this process, ms: the load generator's own stalls. */
      lateness: number[];
    }
  | { type: 'receipts'; phase: string; receipts: Receipt[]; disconnected: number }
  | { type: 'count'; phase: string; count: number };

const CONNECT_TIMEOUT_MS = 60_000;

/** An acknowledgement slower than this counts as no answer. */
const ACK_TIMEOUT_MS = 30_000;

const receipts = new Map<string, Receipt[]>();
const sockets: Socket[] = [];
const socketOf = new Map<number, Socket>();
/** Users whose socket is the bare server's (SocketPlan.bare). */
const bareUsers = new Set<number>();
/**
 * Sockets the server dropped (a missed heartbeat while it is overloaded, a session it thought
 * over). They do not reconnect: a real client would, and fetch what it missed over HTTP, but here
 * what they miss shows as lost.
 */
let disconnected = 0;

function received(userId: number, text: unknown): void {
  if (typeof text !== 'string' || !text.startsWith('chatbench ')) {
    return;
  }
  const now = process.hrtime.bigint();
  const [, phase, seq, due, recipient] = text.split(' ');
  // Everyone in the conversation hears of it, the sender too; only the other side's copy counts.
  if (Number(recipient) !== userId) {
    return;
  }
  const latencyMs = Number(now - BigInt(due!)) / 1e6;
  const list = receipts.get(phase!) ?? [];
  list.push([Number(seq), latencyMs]);
  receipts.set(phase!, list);
}

function open(plan: SocketPlan): Promise<void> {
  const origin = new URL(plan.url).origin;
  const socket = io(plan.url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
    ...(plan.bare
      ? { auth: { user: plan.userId } }
      : { extraHeaders: { cookie: plan.cookie ?? '', origin } }),
  });
  sockets.push(socket);
  socketOf.set(plan.userId, socket);
  if (plan.bare) {
    bareUsers.add(plan.userId);
  }
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') {
      disconnected += 1;
    }
  });
  socket.on('new_message', (message: { message?: unknown }) =>
    received(plan.userId, message.message),
  );
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) =>
      reject(new Error(`user ${plan.userId}: ${error.message}`)),
    );
  });
}

async function connectAll(plans: SocketPlan[], parallel: number): Promise<void> {
  const failed: string[] = [];
  let next = 0;
  const opener = async () => {
    while (next < plans.length) {
      const plan = plans[next++]!;
      await open(plan).catch((error: Error) => failed.push(error.message));
    }
  };
  await Promise.all(Array.from({ length: parallel }, opener));
  const connected = sockets.filter((socket) => socket.connected).length;
  send({ type: 'connected', connected, failed: failed.slice(0, 5) });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Sends each message over its sender's socket when it is due, and reports the answers. */
async function sendAll(phase: string, sends: SocketSend[]): Promise<void> {
  const stored: number[] = [];
  const statuses = new Map<number, number>();
  const ackLatencies: number[] = [];
  const lateness: number[] = [];
  const inFlight: Promise<void>[] = [];
  for (const item of sends) {
    const due = BigInt(item.due);
    const wait = Number(due - process.hrtime.bigint()) / 1e6;
    if (wait > 0) {
      await sleep(wait);
    }
    if (item.measured) {
      lateness.push(Number(process.hrtime.bigint() - due) / 1e6);
    }
    const socket = socketOf.get(item.userId)!;
    inFlight.push(
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('send_message', {
          session: item.session,
          message: item.text,
          client_id: item.clientId,
          ...(bareUsers.has(item.userId) ? { recipient: item.recipient } : {}),
        })
        .then(
          (answer: { status: number }) => answer.status,
          () => 0,
        )
        .then((status: number) => {
          if (status >= 200 && status < 300) {
            stored.push(item.seq);
            if (item.measured) {
              ackLatencies.push(Number(process.hrtime.bigint() - due) / 1e6);
            }
          } else {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
    );
  }
  await Promise.all(inFlight);
  send({ type: 'sent', phase, stored, statuses: [...statuses], ackLatencies, lateness });
}

function send(message: FromSockets): void {
  process.send!(message);
}

process.on('message', (message: ToSockets) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message.sockets, message.parallel);
      break;
    case 'send':
      void sendAll(message.phase, message.sends);
      break;
    case 'count':
      send({
        type: 'count',
        phase: message.phase,
        count: receipts.get(message.phase)?.length ?? 0,
      });
      break;
    case 'collect':
      send({
        type: 'receipts',
        phase: message.phase,
        receipts: receipts.get(message.phase) ?? [],
        disconnected,
      });
      receipts.delete(message.phase);
      break;
    case 'close':
      sockets.forEach((socket) => socket.disconnect());
      process.disconnect();
      break;
  }
});
