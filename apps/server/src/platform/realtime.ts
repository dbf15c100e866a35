import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import {
  type ClientToServerEvents,
  REALTIME_PATH,
  type ServerToClientEvents,
  type SocketAnswer,
  privateUserRoom,
} from '@homestretch/contract/realtime/events';
import { type Db, guardClients } from '../db/client';
import type { RequestMeta } from './audit';
import type { Clock } from './clock';
import { AppError, databaseUnavailable, errorBody } from './errors';
import { SESSION_COOKIE } from './http-security';
import {
  type Caller,
  type SessionPolicy,
  liveSessionHashes,
  resolveSession,
  touchSessions,
} from './sessions';

/** How often each node asks PostgreSQL whether its sockets' sessions still live. */
export const SESSION_CHECK_EVERY_MS = 30_000;

/** What the services use: tell people something, or end a signed-out session's sockets. */
export interface Realtime {
  /** Emits to each user's `private-user-<id>` room, on every node. */
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: readonly number[],
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Disconnects the sockets a session opened, on every node (sign-out). */
  endSession(idHash: string): void;
  /**
   * Disconnects every socket of a user but those of `keep`, on every node: their sessions were
   * deleted (a password change, a deactivation), so what their sockets send must stop now.
   */
  endUserSessions(userId: number, keep?: string): void;
  /**
   * Answers a client's event: `handle` gets who sent it, signed in at the handshake (the session
   * check and the calls above end a socket whose session ended), and what it sent.
   */
  handle<E extends keyof ClientToServerEvents>(event: E, handler: SocketHandler): void;
  /** Disconnects the local sockets whose session has ended; answers how many. */
  checkSessions(): Promise<number>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export type SocketHandler = (
  from: { caller: Caller; meta: RequestMeta },
  payload: unknown,
) => Promise<{ status: number; body: unknown }>;

/**
 * An emit one node made to its own sockets, for the other nodes to make to theirs. Several go in
 * one NOTIFY (a batch per turn of the event loop).
 */
interface RelayedEmit {
  rooms: string[];
  event: keyof ServerToClientEvents;
  payload: unknown[];
}

/** What the nodes tell one another through the adapter (Socket.IO's server-side emit). */
interface NodeEvents {
  relay: (emits: RelayedEmit[]) => void;
}

interface SocketData {
  caller: Caller;
  meta: RequestMeta;
  /** Whether it sent anything since the last session check: that check moves its idle window. */
  active: boolean;
}

function sessionRoom(idHash: string): string {
  return `session-${idHash}`;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * A socket is opened by a page; the browser sends the cookie whatever the page's site, so the
 * Origin must be this server's own host or a configured web origin (the WebSocket form of the
 * CSRF check). A client that sends no Origin is not a browser page and carries no ambient cookie.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) {
    return true;
  }
  return allowed.includes(origin) || (host !== undefined && hostOf(origin) === host);
}

export interface RealtimeOptions {
  db: Db;
  clock: Clock;
  policy: SessionPolicy;
  /** Sockets one session may hold open on this node (config SOCKETS_PER_SESSION). */
  socketsPerSession: number;
  /** The configured web origins and the public URL's origin. */
  allowedOrigins: readonly string[];
  /** Set: events go between nodes through this PostgreSQL (LISTEN/NOTIFY). */
  databaseUrl?: string;
  onError(error: unknown, what: string): void;
}

/**
 * The refusal of a socket past the session's cap, said on connect (`connect_error`) rather than
 * by dropping it: the client does not retry a refusal, and uses HTTP meanwhile.
 */
function tooManySockets(cap: number): Error {
  return Object.assign(new Error('too_many_sockets'), {
    data: errorBody(
      'rate_limited',
      `This sign-in already has ${cap} live connections: close a tab or window of the app, then reload`,
    ),
  });
}

/**
 * An event's answer when the handler threw: an AppError's status and body, the database's absence
 * a 503 like over HTTP, anything else a 500.
 */
function failure(
  error: unknown,
  onError: (error: unknown, what: string) => void,
): SocketAnswer<never> {
  const refusal = error instanceof AppError ? error : databaseUnavailable(error);
  if (refusal) {
    return {
      status: refusal.status,
      body: errorBody(refusal.code, refusal.message, refusal.fields, {
        ...refusal.details,
        ...(refusal.headers?.['retry-after']
          ? { retry_after: Number(refusal.headers['retry-after']) }
          : {}),
      }),
    };
  }
  onError(error, 'socket event');
  return { status: 500, body: errorBody('internal', 'Something went wrong on our side') };
}

/**
 * The adapter holds its LISTEN client checked out and, when the connection ends (a database
 * restart), takes a new one without releasing the old: each restart would keep a slot of the
 * pool's two, and after two of them every NOTIFY waits forever. Released with an error, the pool
 * drops it. A client its holder released already refuses a second release, which is fine.
 */
function releaseEndedClients(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.once('end', () => {
      try {
        (client as pg.PoolClient).release(new Error('connection ended'));
      } catch {
        // released already: the pool has dropped or kept it as it should
      }
    });
  });
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;

/**
 * This node's sockets are told at once, the other nodes' through the adapter. The adapter's own
 * broadcast waits for its NOTIFY before it emits even to local sockets, and its NOTIFYs take turns
 * on one connection: at 1,000 messages a second a busy PostgreSQL made that a queue of seconds in
 * front of every delivery. Here the NOTIFY is not waited for, and one carries every emit of a turn
 * of the event loop, in order.
 */
function relayToOtherNodes(io: RealtimeServer, open: () => boolean): (emit: RelayedEmit) => void {
  io.on('relay', (emits) => {
    for (const { rooms, event, payload } of emits) {
      (io.local.to(rooms).emit as (event: string, ...payload: unknown[]) => boolean)(
        event,
        ...payload,
      );
    }
  });
  let batch: RelayedEmit[] = [];
  return (emit) => {
    if (batch.length === 0) {
      setImmediate(() => {
        const emits = batch;
        batch = [];
        if (open()) {
          io.serverSideEmit('relay', emits);
        }
      });
    }
    batch.push(emit);
  };
}

/**
 * Socket.IO on the app's HTTP server (decision 023). A socket is signed in by the session cookie,
 * checked against PostgreSQL like a request, and joins its user's room; what it sends is answered
 * by the handlers the features register.
 */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>(
    httpServer,
    { path: REALTIME_PATH, serveClient: false, cors: { origin: false } },
  );
  let pool: pg.Pool | null = null;
  let relay: ((emit: RelayedEmit) => void) | null = null;
  let closed = false;
  if (options.databaseUrl) {
    // A NOTIFY only tells the other nodes now; it records nothing a crash could lose (the message
    // is stored by then, and a client that reconnects fetches what it missed), so its commit need
    // not wait for the disk.
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 2,
      options: '-c synchronous_commit=off',
    });
    // A lost idle connection is replaced by the pool; the adapter re-listens on its own.
    pool.on('error', (error) => options.onError(error, 'realtime adapter connection'));
    guardClients(pool, (error) => options.onError(error, 'realtime adapter connection'));
    releaseEndedClients(pool);
    io.adapter(
      createAdapter(pool, { errorHandler: (error) => options.onError(error, 'realtime adapter') }),
    );
    relay = relayToOtherNodes(io, () => !closed);
  }

  io.use((socket, next) => {
    const { headers } = socket.request;
    if (!originAllowed(headers.origin, headers.host, options.allowedOrigins)) {
      next(new Error('origin_rejected'));
      return;
    }
    const token = fastifyCookie.parse(headers.cookie ?? '')[SESSION_COOKIE];
    if (!token) {
      next(new Error('unauthenticated'));
      return;
    }
    resolveSession(options.db, token, options.clock.now(), options.policy).then(
      (session) => {
        if (!session || session.kind === 'extension') {
          next(new Error('unauthenticated'));
          return;
        }
        // Counted in the same turn of the event loop as the join below, so two handshakes at
        // once cannot both take the last place. This node's sockets only: counting every node's
        // would be a round trip through the adapter on each connect, and a reconnect storm after a
        // restart would queue them all behind PostgreSQL.
        const open = io.of('/').adapter.rooms.get(sessionRoom(session.idHash))?.size ?? 0;
        if (open >= options.socketsPerSession) {
          next(tooManySockets(options.socketsPerSession));
          return;
        }
        socket.data = {
          caller: {
            user: session.user,
            sessionKind: session.kind,
            via: 'cookie',
            sessionIdHash: session.idHash,
          },
          meta: {
            ip: socket.handshake.address,
            userAgent: headers['user-agent'] ?? null,
          },
          active: false,
        };
        void socket.join([privateUserRoom(session.user.id), sessionRoom(session.idHash)]);
        next();
      },
      (error: unknown) => {
        options.onError(error, 'socket sign-in');
        next(new Error('unavailable'));
      },
    );
  });

  const handlers = new Map<string, SocketHandler>();
  io.on('connection', (socket) => {
    for (const [event, handler] of handlers) {
      // The acknowledgement is the last argument: an event sent with it alone has no payload,
      // which the schema refuses, rather than the ack taken for one and the event never answered.
      socket.on(event as keyof ClientToServerEvents, (...args: unknown[]) => {
        const ack = args.at(-1);
        if (typeof ack !== 'function') {
          return;
        }
        const payload = args.length > 1 ? args[0] : undefined;
        socket.data.active = true;
        const answer = ack as (answer: SocketAnswer<unknown>) => void;
        handler({ caller: socket.data.caller, meta: socket.data.meta }, payload).then(
          answer,
          (error: unknown) => answer(failure(error, options.onError)),
        );
      });
    }
  });

  async function checkSessions(): Promise<number> {
    const sockets = await io.local.fetchSockets();
    const hashOf = (socket: (typeof sockets)[number]) => socket.data.caller.sessionIdHash;
    const hashes = [...new Set(sockets.map(hashOf))];
    if (hashes.length === 0) {
      return 0;
    }
    const now = options.clock.now();
    const live = await liveSessionHashes(options.db, hashes, now, options.policy);
    const ended = sockets.filter((socket) => !live.has(hashOf(socket)));
    ended.forEach((socket) => socket.disconnect(true));
    // Sending over a socket is using the app: it keeps the session from idling out, as requests do.
    const active = sockets.filter((socket) => socket.data.active && live.has(hashOf(socket)));
    if (active.length > 0) {
      await touchSessions(options.db, [...new Set(active.map(hashOf))], now);
      active.forEach((socket) => {
        socket.data.active = false;
      });
    }
    return ended.length;
  }
  const checkTimer = setInterval(() => {
    checkSessions().catch((error: unknown) => options.onError(error, 'socket session check'));
  }, SESSION_CHECK_EVERY_MS);
  checkTimer.unref();

  return {
    toUsers(userIds, event, ...payload) {
      if (userIds.length === 0) {
        return;
      }
      const rooms = userIds.map(privateUserRoom);
      io.local.to(rooms).emit(event, ...payload);
      relay?.({ rooms, event, payload });
    },
    endSession(idHash) {
      io.in(sessionRoom(idHash)).disconnectSockets(true);
    },
    endUserSessions(userId, keep) {
      io.in(privateUserRoom(userId))
        .except(keep ? sessionRoom(keep) : [])
        .disconnectSockets(true);
    },
    handle(event, handler) {
      handlers.set(event, handler);
    },
    checkSessions,
    async close() {
      closed = true;
      clearInterval(checkTimer);
      io.local.disconnectSockets(true);
      io.engine.close();
      // The adapter's LISTEN client; not io.close(), which would close Fastify's HTTP server.
      await io.of('/').adapter.close();
      await pool?.end();
    },
  };
}
