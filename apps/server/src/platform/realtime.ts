import type { Server as HttpServer } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server } from 'socket.io';
import {
  type ClientToServerEvents,
  REALTIME_PATH,
  type ServerToClientEvents,
  privateUserRoom,
} from '@homestretch/contract/realtime/events';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import { SESSION_COOKIE } from './http-security';
import { type SessionPolicy, liveSessionHashes, resolveSession } from './sessions';

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
  /** Disconnects the local sockets whose session has ended; answers how many. */
  checkSessions(): Promise<number>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface SocketData {
  userId: number;
  idHash: string;
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
  /** The configured web origins and the public URL's origin. */
  allowedOrigins: readonly string[];
  /** Set: events go between nodes through this PostgreSQL (LISTEN/NOTIFY). */
  databaseUrl?: string;
  onError(error: unknown, what: string): void;
}

/**
 * Socket.IO on the app's HTTP server (decision 023). A socket is signed in by the session cookie,
 * checked against PostgreSQL like a request, and joins its user's room; it sends nothing.
 */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions): Realtime {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>(
    httpServer,
    { path: REALTIME_PATH, serveClient: false, cors: { origin: false } },
  );
  let pool: pg.Pool | null = null;
  if (options.databaseUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    // A lost idle connection is replaced by the pool; the adapter re-listens on its own.
    pool.on('error', (error) => options.onError(error, 'realtime adapter connection'));
    io.adapter(
      createAdapter(pool, { errorHandler: (error) => options.onError(error, 'realtime adapter') }),
    );
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
        socket.data = { userId: session.user.id, idHash: session.idHash };
        void socket.join([privateUserRoom(session.user.id), sessionRoom(session.idHash)]);
        next();
      },
      (error: unknown) => {
        options.onError(error, 'socket sign-in');
        next(new Error('unavailable'));
      },
    );
  });

  async function checkSessions(): Promise<number> {
    const sockets = await io.local.fetchSockets();
    const hashes = [...new Set(sockets.map((socket) => socket.data.idHash))];
    if (hashes.length === 0) {
      return 0;
    }
    const live = await liveSessionHashes(options.db, hashes, options.clock.now(), options.policy);
    const ended = sockets.filter((socket) => !live.has(socket.data.idHash));
    ended.forEach((socket) => socket.disconnect(true));
    return ended.length;
  }
  const checkTimer = setInterval(() => {
    checkSessions().catch((error: unknown) => options.onError(error, 'socket session check'));
  }, SESSION_CHECK_EVERY_MS);
  checkTimer.unref();

  return {
    toUsers(userIds, event, ...payload) {
      if (userIds.length > 0) {
        io.to(userIds.map(privateUserRoom)).emit(event, ...payload);
      }
    },
    endSession(idHash) {
      io.in(sessionRoom(idHash)).disconnectSockets(true);
    },
    checkSessions,
    async close() {
      clearInterval(checkTimer);
      io.local.disconnectSockets(true);
      io.engine.close();
      // The adapter's LISTEN client; not io.close(), which would close Fastify's HTTP server.
      await io.of('/').adapter.close();
      await pool?.end();
    },
  };
}
