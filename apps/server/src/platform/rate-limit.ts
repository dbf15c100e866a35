import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type RawRow, col, queryRows } from './sql-rows';
import { AppError } from './errors';
import { escapeLike } from './search-text';
import { type ThrottlePolicy, throttleWaitMs } from './throttle-rules';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * The limits of sensitive doors. Tests may pass smaller ones through buildApp's deps. Sign-in
 * failures per address are throttled with growing delays instead (throttle-rules.ts).
 */
export const DEFAULT_LIMITS = {
  signInPerIp: { max: 100, windowMs: 15 * 60_000 },
  resetPerAddress: { max: 5, windowMs: 60 * 60_000 },
  resetPerIp: { max: 30, windowMs: 60 * 60_000 },
  /** Opening a reset link checks it: as generous as the clinic-code check. */
  resetCheckPerIp: { max: 60, windowMs: 15 * 60_000 },
  checkCodePerIp: { max: 60, windowMs: 15 * 60_000 },
  signUpPerAddress: { max: 5, windowMs: 60 * 60_000 },
  signUpPerIp: { max: 30, windowMs: 60 * 60_000 },
  otpPerPhone: { max: 5, windowMs: 60 * 60_000 },
  otpPerIp: { max: 30, windowMs: 60 * 60_000 },
  /** Guessing: 5 wrong tries burn a code and 5 codes an hour are sent, so 25 is the real cap. */
  otpVerifyPerPhone: { max: 25, windowMs: 60 * 60_000 },
  otpVerifyPerIp: { max: 60, windowMs: 60 * 60_000 },
  qrRegistrationPerIp: { max: 20, windowMs: 60 * 60_000 },
  /** "Ask my therapist" from the patient app (contract hep/patient-request.ts). */
  hepRequestPerPatient: { max: 5, windowMs: 60 * 60_000 },
  /**
   * Referral e-mails (spec §7): a person invites a handful of colleagues, not a mailing list; the
   * clinic's cap stops several accounts adding up; one address hears from us at most twice a day.
   */
  referralPerUser: { max: 10, windowMs: 60 * 60_000 },
  referralPerClinic: { max: 50, windowMs: 24 * 60 * 60_000 },
  referralPerRecipient: { max: 2, windowMs: 24 * 60 * 60_000 },
  /**
   * Upload tickets (spec §7 create_by_therapist): each is a video row and a file allowance, and a
   * thousand in a minute made forging one for another clinic practical (security issue, finding
   * 9). A therapist adding a batch of films stays well under these.
   */
  uploadTicketPerUser: { max: 30, windowMs: 60 * 60_000 },
  /** Not a counter: at most `max` of one person's uploads started within the window still open. */
  openUploadsPerUser: { max: 10, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

export type Limits = typeof DEFAULT_LIMITS;

/**
 * Fixed-window counter in the database, so every app node counts the same attempts.
 * One atomic upsert: a new window starts when the old one has run out.
 */
/** A counter of rate_limits. */
function counterRow(row: RawRow): { key: string; count: number; windowStart: Date } {
  return {
    key: col.string(row, 'key'),
    count: col.number(row, 'count'),
    windowStart: col.date(row, 'window_start'),
  };
}

export async function hitLimit(
  db: Db,
  key: string,
  limit: Limit,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowFloor = new Date(now.getTime() - limit.windowMs);
  const [row] = await queryRows(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowFloor.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowFloor.toISOString()} then excluded.window_start else rate_limits.window_start end
    returning key, count, window_start`,
    counterRow,
  );
  if (!row) {
    return { allowed: true, retryAfterSeconds: 0 };
  }
  const windowEnd = row.windowStart.getTime() + limit.windowMs;
  return {
    allowed: row.count <= limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
  };
}

/**
 * Counts one attempt against each key; the first exhausted limit answers 429 with Retry-After, in
 * `words` of the wait when the caller says what was refused (an invitation, an upload).
 */
export async function enforceLimits(
  db: Db,
  now: Date,
  checks: { key: string; limit: Limit }[],
  words: (retryAfterSeconds: number) => string = tooManyAttemptsWords,
): Promise<void> {
  for (const check of checks) {
    const { allowed, retryAfterSeconds } = await hitLimit(db, check.key, check.limit, now);
    if (!allowed) {
      throw tooManyAttempts(retryAfterSeconds, words);
    }
  }
}

function tooManyAttempts(
  retryAfterSeconds: number,
  words: (retryAfterSeconds: number) => string = tooManyAttemptsWords,
): AppError {
  return new AppError('rate_limited', words(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

function tooManyAttemptsWords(retryAfterSeconds: number): string {
  return retryAfterSeconds < 60
    ? `Too many attempts. Try again in ${retryAfterSeconds} second(s).`
    : `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`;
}

/** Forgets a key's attempts, e.g. an address's failed sign-ins once the right password is given. */
export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Forgets every key that starts with the prefix (an address with each of its IPs). */
export async function clearLimitsStartingWith(db: Db, prefix: string): Promise<void> {
  const pattern = `${escapeLike(prefix)}%`;
  await db.execute(sql`delete from rate_limits where key like ${pattern}`);
}

// ── Growing delays (throttle-rules.ts) ───────────────────────────────────────
// The same rows hold a throttle: `count` failures, the last at `window_start`.

export interface Throttle {
  key: string;
  policy: ThrottlePolicy;
}

/** 429 with Retry-After while any of the keys must still wait; nothing is counted here. */
export async function enforceThrottles(db: Db, now: Date, throttles: Throttle[]): Promise<void> {
  if (throttles.length === 0) {
    return;
  }
  const rows = await queryRows(
    db,
    sql`
    select key, count, window_start from rate_limits
    where key in (${sql.join(
      throttles.map((throttle) => sql`${throttle.key}`),
      sql`, `,
    )})`,
    counterRow,
  );
  let waitMs = 0;
  for (const row of rows) {
    const throttle = throttles.find((candidate) => candidate.key === row.key);
    if (throttle) {
      const state = { failures: row.count, lastFailureAt: row.windowStart };
      waitMs = Math.max(waitMs, throttleWaitMs(throttle.policy, state, now));
    }
  }
  if (waitMs > 0) {
    throw tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
  }
}

/**
 * Counts one failure against each key, atomically (every app node counts the same); a key quiet
 * for the policy's forget period starts again from one.
 */
export async function recordFailures(db: Db, now: Date, throttles: Throttle[]): Promise<void> {
  for (const { key, policy } of throttles) {
    const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs).toISOString();
    await db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= ${forgetBefore} then 1 else rate_limits.count + 1 end,
        window_start = excluded.window_start`);
  }
}
