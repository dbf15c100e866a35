import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clinics, sessions, users } from '../db/schema';
import { prepared } from './prepared';
import { ownTextArray } from './sql-arrays';
import { hashToken, newToken } from './tokens';

export type SessionKind = 'web' | 'supervisor' | 'extension';

/** The signed-in person as every service sees them. */
export interface CallerUser {
  id: number;
  clinicId: number | null;
  clinicCode: string | null;
  isClinicFullService: boolean;
  /** Where the clinic counts its days (health charts, reports); read with the session. */
  clinicTimeZone: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: (typeof users.$inferSelect)['role'];
  isFullService: boolean;
  /** Only `approved` accounts reach clinic data (permissions.ts, staff approval). */
  approvalStatus: (typeof users.$inferSelect)['approvalStatus'];
}

export interface Caller {
  user: CallerUser;
  sessionKind: SessionKind;
  /** How the request proved itself: a cookie needs CSRF checks, a bearer token does not. */
  via: 'cookie' | 'bearer';
  sessionIdHash: string;
}

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Extension tokens are short-lived by design (ARCHITECTURE.md, HTTP). */
export const EXTENSION_TOKEN_MINUTES = 10;

/** Writes to last_seen_at at most this often; idle expiry stays accurate to well under a minute. */
const TOUCH_INTERVAL_MS = 15_000;

export async function createSession(
  db: Db,
  input: {
    userId: number;
    kind: SessionKind;
    now: Date;
    lifetimeMs: number;
    ip?: string;
    userAgent?: string;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + input.lifetimeMs);
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId: input.userId,
    kind: input.kind,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

function prepareSessionLookup(db: Db, name: string) {
  return db
    .select({
      kind: sessions.kind,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        clinicId: users.clinicId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        isFullService: users.isFullService,
        approvalStatus: users.approvalStatus,
        deactivatedAt: users.deactivatedAt,
      },
      clinicCode: clinics.code,
      isClinicFullService: clinics.isFullService,
      clinicTimeZone: clinics.timeZone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clinics, eq(clinics.id, users.clinicId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare(name);
}

/** A session as the lookup reads it. */
interface SessionEntry {
  kind: SessionKind;
  lastSeenAt: Date;
  expiresAt: Date;
  user: CallerUser;
}

export interface LiveSession {
  user: CallerUser;
  kind: SessionKind;
  idHash: string;
}

function isAlive(entry: SessionEntry, now: Date, policy: SessionPolicy): boolean {
  const idleLimit = entry.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
  return entry.expiresAt > now && (entry.kind === 'extension' || idleLimit > now.getTime());
}

/** Moves the idle window on, writing at most every `TOUCH_INTERVAL_MS`. */
async function touch(db: Db, idHash: string, entry: SessionEntry, now: Date): Promise<void> {
  if (now.getTime() - entry.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    entry.lastSeenAt = now;
  }
}

/**
 * Finds the live session for a token: not past its absolute expiry and, for web and supervisor
 * sessions, used within the idle window. A dead session is deleted on sight. Read from
 * PostgreSQL on every request (one prepared statement), so a sign-out, a password change or a
 * deactivation ends the session on every node at once.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<LiveSession | null> {
  const idHash = hashToken(token);
  // Every authenticated request starts here.
  const [row] = await prepared(db, 'session_lookup', prepareSessionLookup).execute({ idHash });
  if (!row) {
    return null;
  }
  const { deactivatedAt, ...user } = row.user;
  const entry: SessionEntry = {
    kind: row.kind,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    user: {
      ...user,
      clinicCode: row.clinicCode,
      isClinicFullService: row.isClinicFullService ?? false,
      clinicTimeZone: row.clinicTimeZone,
    },
  };
  if (!isAlive(entry, now, policy) || deactivatedAt) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  await touch(db, idHash, entry, now);
  return { idHash, kind: entry.kind, user: entry.user };
}

/** A node asks about every socket's session at once: thousands of hashes, one parameter. */
function hashIn(idHashes: readonly string[]) {
  return sql`${sessions.idHash} = any(${ownTextArray(idHashes)})`;
}

/**
 * Which of these sessions still live, without touching them: a socket kept open is not the person
 * at work, so it must not hold an idle session open (platform/realtime.ts).
 */
export async function liveSessionHashes(
  db: Db,
  idHashes: readonly string[],
  now: Date,
  policy: SessionPolicy,
): Promise<Set<string>> {
  const idleCutoff = new Date(now.getTime() - policy.idleMinutes * 60_000);
  const rows = await db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        hashIn(idHashes),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
        isNull(users.deactivatedAt),
      ),
    );
  return new Set(rows.map((row) => row.idHash));
}

/**
 * A session used over a socket has its idle window moved at most this often: far inside the idle
 * limit, and few enough writes that a node with thousands of chatting sockets rewrites a tenth of
 * their sessions at each 30-second check rather than all of them.
 */
const SOCKET_TOUCH_EVERY_MS = 5 * 60_000;

/**
 * Moves the idle window of sessions that were used over a socket (sending a chat message), in one
 * statement for all of a node's sockets (platform/realtime.ts checks them every 30 s).
 */
export async function touchSessions(db: Db, idHashes: readonly string[], now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        hashIn(idHashes),
        lt(sessions.lastSeenAt, new Date(now.getTime() - SOCKET_TOUCH_EVERY_MS)),
      ),
    );
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/**
 * The browser extension's tokens of a user (spec §4: logout informs the extension). A token is
 * not tied to the sign-in it came from, so signing out anywhere ends them all; an extension beside
 * another signed-in browser fetches a new one from that session.
 */
export async function deleteExtensionSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.kind, 'extension')));
}

/** After a password change every other session of the user ends. */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteOtherSessions(
  db: Db,
  userId: number,
  keepIdHash: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
}

export async function purgeExpiredSessions(db: Db, now: Date, idleMinutes: number): Promise<void> {
  const idleCutoff = new Date(now.getTime() - idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(
      sql`${lt(sessions.expiresAt, now)} or (${sessions.kind} <> 'extension' and ${lt(sessions.lastSeenAt, idleCutoff)})`,
    );
}

export async function countLiveSessions(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return row?.n ?? 0;
}
