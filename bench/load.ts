/**
 * A closed-loop load generator: `concurrency` virtual clients each send a request, wait for the
 * answer, and send the next, over keep-alive connections. Latency is measured per request on the
 * client, so the figures include HTTP parsing on both sides, as a clinician's browser would see.
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

function get(
  agent: http.Agent,
  base: URL,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent, host: base.hostname, port: base.port, path, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

export interface LoadOptions {
  baseUrl: string;
  /** The path of the next request; called once per request so each can differ. */
  nextPath: () => string;
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
      const status = await get(agent, base, options.nextPath(), headers).catch(() => 0);
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
