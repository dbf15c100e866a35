/**
 * Browsers that signed in to an account before (security finding 3). The hs_device cookie holds
 * a random token, stored hashed beside each account that signed in with it; a sign-in from such
 * a browser is throttled on its own failures only, never on a stranger's.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { knownDevices } from '../db/schema';
import { hashToken, newToken } from './tokens';

export const DEVICE_COOKIE = 'hs_device';
const DEVICE_COOKIE_DAYS = 365;

/** Which of the accounts this browser's token has signed in to (none without a token). */
export async function accountsKnownToDevice(
  db: Db,
  deviceToken: string | null,
  userIds: number[],
): Promise<number[]> {
  if (!deviceToken || userIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, hashToken(deviceToken)),
        inArray(knownDevices.userId, userIds),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Remembers the browser for the account; answers the token its cookie should hold. */
export async function rememberDevice(
  db: Db,
  deviceToken: string | null,
  userId: number,
  now: Date,
): Promise<string> {
  const token = deviceToken ?? newToken();
  await db
    .insert(knownDevices)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.userId],
      set: { lastSignInAt: now },
    });
  return token;
}

/** The throttle key of a browser signing in to an account it knows. */
export function deviceThrottleKey(deviceToken: string, userId: number): string {
  return `throttle:device:${hashToken(deviceToken)}:${userId}`;
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  void reply.setCookie(DEVICE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: config.cookieSameSite,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
