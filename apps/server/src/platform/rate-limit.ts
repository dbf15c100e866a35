import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from './errors';

export interface Limit {
  max: number;
  windowMs: number;
}

/** The limits of sensitive doors. Tests may pass smaller ones through buildApp's deps. */
export const DEFAULT_LIMITS = {
  signInPerAddress: { max: 10, windowMs: 15 * 60_000 },
  signInPerIp: { max: 100, windowMs: 15 * 60_000 },
  resetPerAddress: { max: 5, windowMs: 60 * 60_000 },
  resetPerIp: { max: 30, windowMs: 60 * 60_000 },
  checkCodePerIp: { max: 60, windowMs: 15 * 60_000 },
  supervisorSignInPerCode: { max: 20, windowMs: 15 * 60_000 },
  otpPerPhone: { max: 5, windowMs: 60 * 60_000 },
  otpPerIp: { max: 30, windowMs: 60 * 60_000 },
  /** Guessing: 5 wrong tries burn a code and 5 codes an hour are sent, so 25 is the real cap. */
  otpVerifyPerPhone: { max: 25, windowMs: 60 * 60_000 },
  otpVerifyPerIp: { max: 60, windowMs: 60 * 60_000 },
  qrRegistrationPerIp: { max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export type Limits = typeof DEFAULT_LIMITS;

/**
 * Fixed-window counter in the database, so every app node counts the same attempts.
 * One atomic upsert: a new window starts when the old one has run out.
 */
export async function hitLimit(
  db: Db,
  key: string,
  limit: Limit,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowFloor = new Date(now.getTime() - limit.windowMs);
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowFloor.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowFloor.toISOString()} then excluded.window_start else rate_limits.window_start end
    returning count, window_start`)) as { rows: { count: number; window_start: string | Date }[] };
  const row = result.rows[0];
  if (!row) {
    return { allowed: true, retryAfterSeconds: 0 };
  }
  const windowEnd = new Date(row.window_start).getTime() + limit.windowMs;
  return {
    allowed: row.count <= limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
  };
}

/** Counts one attempt against each key; the first exhausted limit answers 429 with Retry-After. */
export async function enforceLimits(
  db: Db,
  now: Date,
  checks: { key: string; limit: Limit }[],
): Promise<void> {
  for (const check of checks) {
    const { allowed, retryAfterSeconds } = await hitLimit(db, check.key, check.limit, now);
    if (!allowed) {
      throw new AppError(
        'rate_limited',
        `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  }
}

/** Forgets a key's attempts, e.g. an address's failed sign-ins once the right password is given. */
export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
