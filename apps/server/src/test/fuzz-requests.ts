/**
 * Requests for the schema fuzzing (schema-fuzz.int.test.ts): one operation of the route table,
 * its path, query string and body drawn from its zod schemas (test/zod-arbitrary.ts), valid in
 * shape or hostile, and the fixed hostile bodies every operation taking one must refuse; and the
 * same for the payloads of the socket events.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteEntry } from '../platform/route-table';
import {
  INVALID_UTF8_MESSAGE,
  MALFORMED_TEXT_MESSAGE,
  TOO_DEEP_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
} from '../platform/storable-text';
import {
  type ArbitraryOptions,
  CALENDAR_EXTREMES,
  HOSTILE_STRINGS,
  calendarFieldsOf,
  deeplyNested,
  hostileArbitrary,
  validArbitrary,
} from '../test/zod-arbitrary';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Path segments as sent on the wire: encoded slashes and dots, NUL, bytes that are not UTF-8. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '%2F',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '1%00',
  '%FF',
  '%ED%A0%80',
  '%E2%80%AE',
  '%20',
  '%201',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999999',
  '9'.repeat(5_000),
  'a'.repeat(10_000),
  '%3Cscript%3E',
  "'%20OR%20'1'%3D'1",
  'null',
  '%F0%9F%A6%B5',
];

/** Query-string tails no schema asks for: repeated keys, a NUL key, bytes that are not UTF-8. */
const HOSTILE_QUERY_TAILS: readonly string[] = [
  'page=1&page=2',
  'page[]=1',
  'page[$gt]=0',
  '%00=1',
  'x=%FF',
  '__proto__[role]=admin',
  'constructor=1',
  `${'k=1&'.repeat(2_000)}k=2`,
  `q=${'%41'.repeat(20_000)}`,
  '&&&==&',
];

const CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/octet-stream',
  'application/jsonx',
  '',
];

/** One request in six or so: the rest keep to the schema's own variations. */
function rarely<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) as its bytes. */
export function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
      .join('');
  }
}

/** Query values as a client sends them: arrays as repeated keys, anything else as its text. */
function queryString(values: unknown): string {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    return encodeSegment(values);
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeSegment(key)}=${encodeSegment(item)}`);
    }
  }
  return parts.join('&');
}

function pathWith(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? '1');
}

/**
 * A schema's values, mostly valid in shape (so the request reaches the service) and otherwise
 * hostile. Without a schema: nothing, or now and then something the route never asked for.
 */
function part(schema: z.ZodType | undefined, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (!schema) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom({ x: HOSTILE_STRINGS[3] }, [], 'text') },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: validArbitrary(schema, options) },
    { weight: 2, arbitrary: hostileArbitrary(schema, options) },
  );
}

/** The path parameters' values, each valid, or hostile in the schema's terms, or a raw segment. */
function pathParams(
  entry: RouteEntry,
  options: ArbitraryOptions,
): fc.Arbitrary<Record<string, string>> {
  const names = [...entry.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
  if (names.length === 0) {
    return fc.constant({});
  }
  const schema = entry.schema?.params as z.ZodType | undefined;
  const values = schema ? part(schema, options) : fc.constant({});
  const raw = fc.dictionary(fc.constantFrom(...names), fc.constantFrom(...HOSTILE_SEGMENTS), {
    maxKeys: names.length,
  });
  return fc.tuple(values, rarely(raw)).map(([parsed, segments = {}]) => {
    const object = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    return Object.fromEntries(
      names.map((name) => [
        name,
        segments[name] ?? (object[name] === undefined ? '1' : encodeSegment(String(object[name]))),
      ]),
    );
  });
}

/** Any request to one operation, from the caller whose cookie is given. */
export function requestArbitrary(
  entry: RouteEntry,
  options: ArbitraryOptions,
  cookie: string | undefined,
): fc.Arbitrary<FuzzRequest> {
  const schema = entry.schema ?? {};
  const takesBody = METHODS_WITH_BODY.has(entry.method);
  return fc
    .record({
      params: pathParams(entry, options),
      query: part(schema.querystring as z.ZodType | undefined, options),
      tail: rarely(fc.constantFrom(...HOSTILE_QUERY_TAILS)),
      body: takesBody
        ? part(schema.body as z.ZodType | undefined, options)
        : fc.constant(undefined),
      contentType: rarely(fc.constantFrom(...CONTENT_TYPES)),
    })
    .map(({ params, query, tail, body, contentType }) => {
      const search = [query === undefined ? '' : queryString(query), tail ?? '']
        .filter(Boolean)
        .join('&');
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const request: FuzzRequest = {
        method: entry.method,
        url: `${pathWith(entry.url, params)}${search ? `?${search}` : ''}`,
        headers,
      };
      if (body !== undefined) {
        request.payload = JSON.stringify(body);
        const type = contentType ?? 'application/json';
        if (type) {
          headers['content-type'] = type;
        }
      }
      return request;
    });
}

export interface FixedBody {
  what: string;
  contentType: string;
  payload: string | Buffer;
  /** The answer every operation owes it, whatever its schema; none where the schema decides. */
  expected?: { status: number; message?: string };
}

/**
 * Bodies every operation taking one must refuse, before its schema is asked: too large for its
 * limit, nested past the parser's cap (and far past the stack), bytes that are not UTF-8, a
 * prototype key, JSON that is not JSON, a form.
 */
export function fixedHostileBodies(entry: RouteEntry, defaultBodyLimit: number): FixedBody[] {
  if (!METHODS_WITH_BODY.has(entry.method)) {
    return [];
  }
  const limit = entry.bodyLimit ?? defaultBodyLimit;
  const json = 'application/json';
  const tooDeep = { status: 400, message: TOO_DEEP_MESSAGE };
  return [
    {
      what: 'a body past its limit',
      contentType: json,
      payload: `{"x":"${'a'.repeat(limit)}"}`,
      expected: { status: 413 },
    },
    { what: 'nesting 33 deep', contentType: json, payload: deeplyNested(33), expected: tooDeep },
    {
      what: 'objects nesting 100,000 deep',
      contentType: json,
      payload: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
      expected: tooDeep,
    },
    {
      what: 'bytes that are not UTF-8',
      contentType: json,
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      expected: { status: 400, message: INVALID_UTF8_MESSAGE },
    },
    {
      what: 'a __proto__ key',
      contentType: json,
      payload: '{"__proto__":{"role":"admin"}}',
      expected: { status: 400 },
    },
    {
      what: 'a constructor.prototype key',
      contentType: json,
      payload: '{"constructor":{"prototype":{"role":"admin"}}}',
      expected: { status: 400 },
    },
    { what: 'JSON cut short', contentType: json, payload: '{"a":', expected: { status: 400 } },
    { what: 'an empty JSON body', contentType: json, payload: '', expected: { status: 400 } },
    { what: 'a number past a double', contentType: json, payload: `{"id":1${'0'.repeat(400)}}` },
    // Every body is JSON: text/plain is refused as the wrong media type, as a form is.
    {
      what: 'text/plain',
      contentType: 'text/plain',
      payload: '{"a":1}',
      expected: { status: 415 },
    },
    {
      what: 'a form',
      contentType: 'application/x-www-form-urlencoded',
      payload: 'a=1&a=2',
      expected: { status: 415 },
    },
  ];
}

/**
 * Every date, date-time and month of an operation's query string and body at each of its
 * extremes, the rest of the request valid: chance alone meets `9999-12` in one run out of many.
 */
export function calendarExtremeRequests(
  entry: RouteEntry,
  url: string,
  options: ArbitraryOptions,
  cookie: string | undefined,
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const headers: Record<string, string> = cookie ? { cookie } : {};
  for (const where of ['querystring', 'body'] as const) {
    const schema = entry.schema?.[where] as z.ZodType | undefined;
    if (!schema || (where === 'body' && !METHODS_WITH_BODY.has(entry.method))) {
      continue;
    }
    const [base] = fc.sample(validArbitrary(schema, options), { numRuns: 1, seed: 1 });
    for (const [key, format] of Object.entries(calendarFieldsOf(schema))) {
      for (const extreme of CALENDAR_EXTREMES[format]) {
        const values = { ...(base as Record<string, unknown>), [key]: extreme };
        requests.push(
          where === 'querystring'
            ? { method: entry.method, url: `${url}?${queryString(values)}`, headers }
            : {
                method: entry.method,
                url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(values),
              },
        );
      }
    }
  }
  return requests;
}

/** A socket event as its client sends it: the JSON text of its arguments, event name first. */
export interface FuzzPayload {
  what: string;
  args: string;
  /** The answer owed whatever the event's schema; none where the schema decides. */
  expected?: { status: number; message?: string; fields?: Record<string, string> };
}

/**
 * Payloads every socket event must refuse as its HTTP twin refuses the body (app.ts): nothing
 * at all, not an object, nested past the cap and far past the stack, text PostgreSQL cannot store
 * in a value and in a key, prototype keys, a number past a double.
 */
export function fixedHostilePayloads(event: string): FuzzPayload[] {
  const args = (payloadText: string) => `[${JSON.stringify(event)},${payloadText}]`;
  const refused = { status: 400 };
  const tooDeep = { status: 400, message: TOO_DEEP_MESSAGE };
  return [
    { what: 'no payload', args: `[${JSON.stringify(event)}]`, expected: refused },
    ...['null', '"text"', '42', '[]', 'true'].map((text) => ({
      what: `the payload ${text}`,
      args: args(text),
      expected: refused,
    })),
    { what: 'nesting 33 deep', args: args(deeplyNested(33)), expected: tooDeep },
    {
      what: 'objects nesting 100,000 deep',
      args: args(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
      expected: tooDeep,
    },
    {
      what: 'NUL in a value',
      args: args('{"session":1,"message":"a\\u0000b"}'),
      expected: { status: 400, fields: { message: UNSTORABLE_TEXT_MESSAGE } },
    },
    {
      what: 'a lone surrogate in a value',
      args: args('{"session":1,"message":"a\\ud800b"}'),
      expected: { status: 400, fields: { message: MALFORMED_TEXT_MESSAGE } },
    },
    {
      what: 'NUL in a key',
      args: args('{"session":1,"message":"hi","k\\u0000":1}'),
      expected: { status: 400, fields: { 'k\u0000': UNSTORABLE_TEXT_MESSAGE } },
    },
    { what: 'a __proto__ key', args: args('{"__proto__":{"role":"admin"}}') },
    { what: 'a constructor.prototype key', args: args('{"constructor":{"prototype":{"a":1}}}') },
    { what: 'a number past a double', args: args(`{"session":1${'0'.repeat(400)}}`) },
  ];
}

/** Any payload of one socket event: mostly valid in shape, otherwise hostile. */
export function payloadArbitrary(
  event: string,
  schema: z.ZodType,
  options: ArbitraryOptions,
): fc.Arbitrary<FuzzPayload> {
  return part(schema, options).map((payload) => ({
    what: 'drawn from the schema',
    args: JSON.stringify([event, payload ?? null]),
  }));
}
