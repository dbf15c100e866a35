/**
 * Two load generators over keep-alive connections, latency measured per request on the client
 * (so HTTP parsing on both sides is in it, as a clinician's browser would see):
 *
 * - open loop (`runOpenLoop`): requests leave at a fixed rate, whether or not earlier ones were
 *   answered, as clinicians' clicks do; latency counts from when a request was due, so a stalled
 *   server shows in the figures instead of slowing the generator down (coordinated omission);
 * - closed loop (`runLoad`): `concurrency` clients each send, wait and send again: the highest
 *   throughput, reported as a ratio to the bare route, never a target.
 */
import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  throughput: number;
}

/** Nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(latenciesMs: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    throughput: sorted.length / seconds,
  };
}

/**
 * A request to send: a GET of `path`, or a JSON `body` sent with `method`; `headers` add to the
 * stream's (another user's cookie, when each request is someone else's).
 */
export interface Call {
  path: string;
  method?: 'GET' | 'PATCH' | 'POST' | 'PUT';
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends one request; answers its status (the body is read and dropped). */
export function send(
  agent: http.Agent,
  base: URL,
  call: string | Call,
  headers: Record<string, string>,
): Promise<number> {
  const {
    path,
    method = 'GET',
    body,
    headers: own,
  } = typeof call === 'string' ? { path: call } : call;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent = own ? { ...headers, ...own } : headers;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method,
        headers: payload
          ? { ...sent, 'content-type': 'application/json', origin: base.origin }
          : sent,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export interface LoadOptions {
  baseUrl: string;
  /** The next request (a path to GET); called once per request so each can differ. */
  nextPath: () => string | Call;
  headers?: Record<string, string>;
  concurrency: number;
  warmupSeconds: number;
  seconds: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const headers = options.headers ?? {};
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  const warmupEnds = Date.now() + options.warmupSeconds * 1000;
  const ends = warmupEnds + options.seconds * 1000;
  const client = async () => {
    while (Date.now() < ends) {
      const started = performance.now();
      const status = await send(agent, base, options.nextPath(), headers).catch(() => 0);
      const elapsed = performance.now() - started;
      measuring ||= Date.now() >= warmupEnds;
      if (!measuring) {
        continue;
      }
      if (status === 200) {
        latencies.push(elapsed);
      } else {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  agent.destroy();
  return summarise(latencies, errors, options.seconds);
}

export interface OpenLoopStream {
  name: string;
  /** Requests a second. */
  rate: number;
  nextPath: () => string | Call;
}

/**
 * Sends every stream's requests at its fixed rate for `seconds` after a warm-up, together, and
 * summarises each stream. A request is timed from the moment it was due.
 */
export async function runOpenLoop(options: {
  baseUrl: string;
  streams: OpenLoopStream[];
  headers?: Record<string, string>;
  warmupSeconds: number;
  seconds: number;
}): Promise<Map<string, LoadResult>> {
  const base = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const headers = options.headers ?? {};
  const started = performance.now();
  const measureFrom = started + options.warmupSeconds * 1000;
  const ends = measureFrom + options.seconds * 1000;
  const results = new Map<string, { latencies: number[]; errors: number }>();
  const inFlight: Promise<void>[] = [];
  const stream = async ({ name, rate, nextPath }: OpenLoopStream) => {
    const tally = { latencies: [] as number[], errors: 0 };
    results.set(name, tally);
    const interval = 1000 / rate;
    // Streams start out of step, so two of them do not fire in the same instant every time.
    for (let due = started + Math.random() * interval; due < ends; due += interval) {
      const wait = due - performance.now();
      if (wait > 0) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const measured = due >= measureFrom;
      inFlight.push(
        send(agent, base, nextPath(), headers)
          .catch(() => 0)
          .then((status) => {
            if (!measured) {
              return;
            }
            if (status === 200) {
              tally.latencies.push(performance.now() - due);
            } else {
              tally.errors += 1;
            }
          }),
      );
    }
  };
  await Promise.all(options.streams.map(stream));
  await Promise.all(inFlight);
  agent.destroy();
  return new Map(
    [...results].map(([name, tally]) => [
      name,
      summarise(tally.latencies, tally.errors, options.seconds),
    ]),
  );
}
