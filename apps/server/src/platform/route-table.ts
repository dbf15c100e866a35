import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { ClientToServerEvents } from '@homestretch/contract/realtime/events';
import type { Action } from './permissions';
import type { Access } from './route';

/**
 * One operation the server answers, as registered: its method and path, the action of
 * permissions.ts it declares (route() routes; undefined for the few routes that check their own
 * credential, such as playback's signature and the tus uploads) and its schema. The standing
 * proofs (the authorization matrix, schema fuzzing) walk this table, so a route added later is
 * covered, or fails them, without anyone listing it.
 */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  schema: RouteOptions['schema'];
  /** The route's own body limit, when it takes more than the server's default (file uploads). */
  bodyLimit: number | undefined;
}

/**
 * One event a client may send over its socket (socketRoute), with the action checked and the
 * schema its payload is parsed by: the standing proofs walk these as they walk the routes.
 */
export interface SocketEventEntry {
  event: keyof ClientToServerEvents;
  access: Action;
  body: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action route() checked before the handler; see permissions.ts. */
    access?: Access;
  }
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
    socketEventTable: readonly SocketEventEntry[];
  }
}

const socketTables = new WeakMap<FastifyInstance, SocketEventEntry[]>();

/**
 * Records every route registered after this call (the web app's static files included), and every
 * socket event (recordSocketEvent).
 */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  const sockets: SocketEventEntry[] = [];
  socketTables.set(app, sockets);
  app.decorate('socketEventTable', sockets);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { access?: Access } | undefined;
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access: config?.access,
        schema: route.schema,
        bodyLimit: route.bodyLimit,
      });
    }
  });
}

export function recordSocketEvent(app: FastifyInstance, entry: SocketEventEntry): void {
  socketTables.get(app)?.push(entry);
}
