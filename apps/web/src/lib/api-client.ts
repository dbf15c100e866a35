import {
  ERROR_STATUS,
  ErrorResponseSchema,
  type ErrorCode,
} from '@homestretch/contract/common/errors';
import { buildPath, type RouteContract } from '@homestretch/contract/common/route';
import type { z } from 'zod';
import { env } from '../config/env';

/*
 * The one HTTP client of the web app (spec §7, ARCHITECTURE.md "API client"):
 * - cookies ride along on cross-origin calls (`credentials: 'include'`);
 * - the base is VITE_API_BASE, empty meaning the page's own origin;
 * - any URL containing `.html` is fetched from the page's own origin instead;
 * - no default timeout: callers that want one pass an AbortSignal;
 * - every failure becomes an ApiError parsed from the one error shape.
 * It does not react to 401 itself: the auth boundary (route guard, query cache) does (STYLE.md).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Server error codes, plus the failures that happen before or after the server answers. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response' | 'unknown';

export const NETWORK_ERROR_MESSAGE = 'Cannot reach Homestretch. Check your connection.';

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode;
  message: string;
  /** The message the server put in its error body, when there was one. */
  serverMessage?: string | null;
  fields?: Record<string, string>;
  /** Seconds to wait before trying again (429 Retry-After). */
  retryAfter?: number | null;
  /** The error body as sent, for an answer that carries more (a route's contract `errors`). */
  payload?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server was never reached. */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly serverMessage: string | null;
  /** Each bad input field and what is wrong with it (400). */
  readonly fields: Record<string, string>;
  readonly retryAfter: number | null;
  /** The error body as sent; read through the route's contract `errors` schema. */
  readonly payload: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage ?? null;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.payload = init.payload;
  }

  get isNetworkError(): boolean {
    return this.code === 'network_error';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryValue =
  string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Appended as a query string; null and undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Lets the request outlive the page (fetch keepalive): a save sent as the tab closes still
   * reaches the server. Browsers cap such bodies at 64 KB in all.
   */
  keepalive?: boolean;
}

export interface UrlContext {
  apiBase: string;
  pageOrigin: string;
}

function defaultUrlContext(): UrlContext {
  return { apiBase: env.apiBase, pageOrigin: globalThis.location?.origin ?? '' };
}

export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) {
    return '';
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) {
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        search.append(key, String(item));
      }
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Where a request goes. Spec §7: a URL containing `.html` is served by the page's own origin
 * (static pages shipped with the web app), everything else by the API base.
 */
export function resolveUrl(
  pathAndQuery: string,
  context: UrlContext = defaultUrlContext(),
): string {
  if (pathAndQuery.includes('.html')) {
    const url = new URL(pathAndQuery, context.pageOrigin || 'http://localhost');
    return `${context.pageOrigin}${url.pathname}${url.search}${url.hash}`;
  }
  if (/^https?:\/\//i.test(pathAndQuery)) {
    return pathAndQuery;
  }
  return `${context.apiBase.replace(/\/+$/, '')}${pathAndQuery}`;
}

const STATUS_CODE: Record<number, ApiErrorCode> = Object.fromEntries(
  Object.entries(ERROR_STATUS)
    // Several codes share a status (400, 403); the first listed is the generic one.
    .reverse()
    .map(([code, status]) => [status, code as ErrorCode]),
);

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) {
    return null;
  }
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number(trimmed);
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) {
    return null;
  }
  return Math.max(0, Math.ceil((date - now) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const payload = await readJson(response).catch(() => undefined);
  return errorFromPayload(
    response.status,
    payload,
    parseRetryAfter(response.headers.get('Retry-After')),
  );
}

/** An error answer, from HTTP or a socket acknowledgement (which has no headers). */
export function errorFromPayload(
  status: number,
  payload: unknown,
  retryAfter: number | null,
): ApiError {
  const parsed = ErrorResponseSchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError({
      status,
      code,
      message,
      serverMessage: message,
      fields: fields ?? {},
      retryAfter,
      payload,
    });
  }
  // Not our error shape (a proxy's HTML page, an empty 502): keep the status, no server words.
  return new ApiError({
    status,
    code: STATUS_CODE[status] ?? 'unknown',
    message: `Request failed with status ${status}`,
    retryAfter,
  });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

/** A cancellation stays what it is; anything else thrown by fetch means the server was not reached. */
function networkFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (isAbort(error, signal)) {
    return error;
  }
  return new ApiError({
    status: 0,
    code: 'network_error',
    message: NETWORK_ERROR_MESSAGE,
    cause: error,
  });
}

/**
 * Sends one request and answers the parsed JSON body (undefined for an empty body).
 * Throws ApiError for any failure, except a cancellation through `signal`, which rethrows the
 * AbortError untouched so TanStack Query can tell a cancelled query from a failed one.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  return (await send(path, options)).payload;
}

async function send(
  path: string,
  options: RequestOptions,
): Promise<{ status: number; payload: unknown }> {
  const { method = 'GET', query, body, signal, headers = {}, keepalive } = options;
  const url = resolveUrl(`${path}${toQueryString(query)}`);
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
    ...(keepalive ? { keepalive } : {}),
  };

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw networkFailure(error, signal);
  }
  if (!response.ok) {
    throw await errorFromResponse(response);
  }
  try {
    return { status: response.status, payload: await readJson(response) };
  } catch (error) {
    throw networkFailure(error, signal);
  }
}

/* ---------- typed calls from the contract ---------- */

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What `apiCall` needs for a route: exactly the parts its contract declares. */
export type ApiCallInput<R extends RouteContract> = (R extends { params: z.ZodType }
  ? { params: InputOf<R['params']> }
  : { params?: undefined }) &
  (R extends { querystring: z.ZodType }
    ? { query: InputOf<R['querystring']> }
    : { query?: undefined }) &
  (R extends { body: z.ZodType } ? { body: InputOf<R['body']> } : { body?: undefined }) & {
    signal?: AbortSignal;
    keepalive?: boolean;
  };

/** The parsed success answer of a route (its contract's response schema, output side). */
export type ApiCallResult<R extends RouteContract> = z.output<R['response'][keyof R['response']]>;

type ApiCallArgs<R extends RouteContract> =
  object extends ApiCallInput<R> ? [input?: ApiCallInput<R>] : [input: ApiCallInput<R>];

function responseSchemaFor(route: RouteContract, status: number): z.ZodType | undefined {
  return route.response[status] ?? Object.values(route.response)[0];
}

/**
 * Calls one contract route: fills its path parameters, sends query and body, and parses the
 * answer with the contract's response schema, so the rest of the app can trust the shape.
 */
export async function apiCall<R extends RouteContract>(
  route: R,
  ...[input]: ApiCallArgs<R>
): Promise<ApiCallResult<R>> {
  const parts = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
  };
  const path = buildPath(route.path, parts.params ?? {});
  const { status, payload } = await send(path, {
    method: route.method,
    query: parts.query,
    body: parts.body,
    signal: parts.signal,
    keepalive: parts.keepalive,
  });
  const schema = responseSchemaFor(route, status);
  if (!schema) {
    return payload as ApiCallResult<R>;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status,
      code: 'invalid_response',
      message: `Unexpected answer from ${route.method} ${route.path}`,
      cause: parsed.error,
    });
  }
  return parsed.data as ApiCallResult<R>;
}
