import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (request: {
  url: URL;
  init: RequestInit;
  body: unknown;
}) => MockReply | Promise<MockReply>;

export interface ApiMock {
  fetch: ReturnType<typeof vi.fn>;
  /** "METHOD /path" of every call, in order. */
  calls: () => string[];
  /** Parsed JSON bodies sent to "METHOD /path". */
  bodiesOf: (key: string) => unknown[];
}

export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/**
 * Replaces global fetch (tests only) with a table of "METHOD /path" handlers. An unknown call
 * fails the test loudly instead of hanging.
 */
export function mockApi(routes: Record<string, MockHandler | MockReply>): ApiMock {
  const seen: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ key, body });
    const route = routes[key];
    if (!route) {
      throw new Error(`Unexpected request in test: ${key}`);
    }
    const reply = typeof route === 'function' ? await route({ url, init, body }) : route;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    calls: () => seen.map((call) => call.key),
    bodiesOf: (key) => seen.filter((call) => call.key === key).map((call) => call.body),
  };
}
