/**
 * Rows that have stopped meaning anything are deleted on a schedule (issue 8, operations):
 * ended sessions, rate-limit counters past their longest window, and single-use codes, links and
 * sign-ups a day past their expiry (kept that day so a late click still hears "expired" rather
 * than "invalid"). The audit log is never purged. Every node runs the schedule; an advisory lock
 * lets one node at a time do the work.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { knownDevices, otpCodes, passwordResetTokens, staffSignUps } from '../db/schema';
import { ADVISORY_LOCKS } from './advisory-locks';
import { runExclusively } from './jobs';
import { purgeExpiredSessions } from './sessions';
import { ADDRESS_THROTTLE, SIGN_IN_THROTTLE } from './throttle-rules';

export const PURGE_EVERY_MS = 60 * 60_000;
const EXPIRED_KEPT_MS = 24 * 60 * 60_000;
/** Fixed windows last an hour at most; the throttles' forget periods are longer. */
const COUNTERS_KEPT_MS = Math.max(SIGN_IN_THROTTLE.forgetAfterMs, ADDRESS_THROTTLE.forgetAfterMs);
/** As long as the hs_device cookie lives (known-devices.ts). */
const KNOWN_DEVICE_MS = 365 * 24 * 60 * 60_000;

/** Deletes what has expired; false when another node holds the purge. */
export async function purgeExpired(
  db: Db,
  now: Date,
  policy: { sessionIdleMinutes: number },
): Promise<boolean> {
  const purged = await runExclusively(db, ADVISORY_LOCKS.PURGE, async (tx) => {
    const expiredBefore = new Date(now.getTime() - EXPIRED_KEPT_MS);
    await purgeExpiredSessions(tx, now, policy.sessionIdleMinutes);
    const countersBefore = new Date(now.getTime() - COUNTERS_KEPT_MS);
    await tx.execute(
      sql`delete from rate_limits where window_start < ${countersBefore.toISOString()}`,
    );
    await tx.delete(otpCodes).where(lt(otpCodes.expiresAt, expiredBefore));
    await tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, expiredBefore));
    await tx.delete(staffSignUps).where(lt(staffSignUps.expiresAt, expiredBefore));
    await tx
      .delete(knownDevices)
      .where(lt(knownDevices.lastSignInAt, new Date(now.getTime() - KNOWN_DEVICE_MS)));
    return true;
  });
  return purged ?? false;
}
