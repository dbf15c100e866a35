import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';

export type OtpRow = typeof otpCodes.$inferSelect;

/** A new code replaces every earlier one for the number. */
export async function retireOtpCodes(db: Db, phone: string, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
}

export async function insertOtpCode(
  db: Db,
  values: { phone: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(otpCodes).values(values);
}

/** The number's current code: the newest one not consumed. */
export async function currentOtpCode(db: Db, phone: string): Promise<OtpRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  return row;
}

/**
 * Takes one try from a live code before it is compared, atomically, so concurrent guesses can
 * never exceed the limit. Answers the tries used, or null when the code is no longer live.
 */
export async function reserveOtpTry(
  db: Db,
  id: number,
  now: Date,
  maxTries: number,
): Promise<number | null> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, id),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.verifiedAt),
        gt(otpCodes.expiresAt, now),
        sql`${otpCodes.attempts} < ${maxTries}`,
      ),
    )
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts ?? null;
}

/** A right guess does not count as a wrong try: its reserved try is given back. */
export async function markOtpVerified(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ verifiedAt: now, attempts: sql`greatest(${otpCodes.attempts} - 1, 0)` })
    .where(eq(otpCodes.id, id));
}

/** Uses up the number's verification (single use); false when there is none to use. */
export async function consumeVerification(
  db: Db,
  phone: string,
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.phone, phone),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.verifiedAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}
