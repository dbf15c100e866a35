import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP operation of spec §7: its path, method and the zod schemas of each part.
 * The server registers it as a Fastify route; the web app types its fetchers from it.
 */
export interface RouteContract {
  method: HttpMethod;
  /** Fastify path syntax (`/api/v1/patients/:id/`), exactly as spec §7 spells it. */
  path: string;
  summary: string;
  /** Longer OpenAPI text, for endpoints other programs call (the patient app's uploads). */
  description?: string;
  /** A larger request body than the server's default (1 MB), for the few routes that take files. */
  bodyLimit?: number;
  tags: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Success status → schema. Error statuses share ErrorResponseSchema, except those in `errors`. */
  response: Record<number, z.ZodType>;
  /** An error status whose answer carries more than the one error shape (a 409's duplicates). */
  errors?: Record<number, z.ZodType>;
}

export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

/** Fills `:name` segments of a contract path; the web app's URL builder. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
