import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  knownDevices,
  otpCodes,
  passwordResetTokens,
  rateLimits,
  sessions,
  staffSignUps,
} from '../db/schema';
import { createClinic, createUser, testAppForFile, unique } from '../test/harness';
import { postgresTestUrl } from '../test/test-engine';
import { purgeExpired } from './purge';

const t = testAppForFile();

const DAY = 24 * 60 * 60_000;
const policy = { sessionIdleMinutes: 30 };

/** Issue 8: expired rows were never deleted. */
describe('the purge of expired rows', () => {
  it('deletes what expired over a day ago and keeps the rest', async () => {
    // The tests' clock, not the wall clock: on a shared PostgreSQL, other test files' rows are
    // dated by the same clock, and a purge at today's date would take their sessions away.
    const now = t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const clinic = await createClinic(t.db);
    const user = await createUser(t.db, { clinicId: clinic.id, role: 'therapist' });
    const old = unique('old');
    const fresh = unique('fresh');

    await t.db.insert(sessions).values([
      { idHash: old, userId: user.id, kind: 'web', lastSeenAt: ago(DAY), expiresAt: ago(1) },
      { idHash: fresh, userId: user.id, kind: 'web', lastSeenAt: now, expiresAt: ago(-DAY) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: old, windowStart: ago(2 * DAY), count: 3 },
      { key: fresh, windowStart: ago(60_000), count: 3 },
    ]);
    const [oldOtp, freshOtp] = await t.db
      .insert(otpCodes)
      .values([
        { phone: '+15550000001', codeHash: 'x', expiresAt: ago(2 * DAY) },
        { phone: '+15550000001', codeHash: 'x', expiresAt: ago(60_000) },
      ])
      .returning({ id: otpCodes.id });
    const [oldReset, freshReset] = await t.db
      .insert(passwordResetTokens)
      .values([
        { userId: user.id, tokenHash: old, expiresAt: ago(2 * DAY) },
        { userId: user.id, tokenHash: fresh, expiresAt: ago(-60_000) },
      ])
      .returning({ id: passwordResetTokens.id });
    const signUp = {
      clinicId: clinic.id,
      email: `${old}@example.com`,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
      role: 'therapist' as const,
      tokenHash: old,
    };
    const [oldSignUp, freshSignUp] = await t.db
      .insert(staffSignUps)
      .values([
        { ...signUp, expiresAt: ago(2 * DAY) },
        { ...signUp, expiresAt: ago(-DAY) },
      ])
      .returning({ id: staffSignUps.id });
    await t.db.insert(knownDevices).values([
      { tokenHash: old, userId: user.id, lastSignInAt: ago(400 * DAY) },
      { tokenHash: fresh, userId: user.id, lastSignInAt: ago(DAY) },
    ]);

    expect(await purgeExpired(t.db, now, policy)).toBe(true);

    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(await left(t.db.select().from(sessions).where(eq(sessions.idHash, old)))).toBe(0);
    expect(await left(t.db.select().from(sessions).where(eq(sessions.idHash, fresh)))).toBe(1);
    expect(await left(t.db.select().from(rateLimits).where(eq(rateLimits.key, old)))).toBe(0);
    expect(await left(t.db.select().from(rateLimits).where(eq(rateLimits.key, fresh)))).toBe(1);
    const otps = await t.db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(inArray(otpCodes.id, [oldOtp?.id ?? 0, freshOtp?.id ?? 0]));
    expect(otps).toEqual([{ id: freshOtp?.id }]);
    const resets = await t.db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(inArray(passwordResetTokens.id, [oldReset?.id ?? 0, freshReset?.id ?? 0]));
    expect(resets).toEqual([{ id: freshReset?.id }]);
    const signUps = await t.db
      .select({ id: staffSignUps.id })
      .from(staffSignUps)
      .where(inArray(staffSignUps.id, [oldSignUp?.id ?? 0, freshSignUp?.id ?? 0]));
    expect(signUps).toEqual([{ id: freshSignUp?.id }]);
    const devices = await t.db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, user.id));
    expect(devices).toEqual([{ tokenHash: fresh }]);
  });

  const postgresUrl = postgresTestUrl();
  it.runIf(postgresUrl)('leaves the work to the node that holds the lock', async () => {
    const other = new pg.Client({ connectionString: postgresUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7421306)');
      expect(await purgeExpired(t.db, t.clock.now(), policy)).toBe(false);
      await other.query('commit');
      expect(await purgeExpired(t.db, t.clock.now(), policy)).toBe(true);
    } finally {
      await other.end();
    }
  });
});
