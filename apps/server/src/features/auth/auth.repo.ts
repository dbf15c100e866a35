import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, staffSignUps } from '../../db/schema';

export async function insertResetToken(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Any earlier unused link stops working when a new one is sent. */
export async function retireResetTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** The user's token with this hash, neither used nor expired: what a reset link must be. */
function liveResetToken(userId: number, tokenHash: string, now: Date) {
  return and(
    eq(passwordResetTokens.userId, userId),
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** Whether the token would still be accepted, without using it. */
export async function isResetTokenLive(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(liveResetToken(userId, tokenHash, now))
    .limit(1);
  return rows.length > 0;
}

/** Marks the token used and returns it only if it was live: single use even under races. */
export async function consumeResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(liveResetToken(userId, tokenHash, now))
    .returning({ id: passwordResetTokens.id });
  return rows.length > 0;
}

export type StaffSignUpRow = typeof staffSignUps.$inferSelect;

export async function insertStaffSignUp(
  db: Db,
  values: typeof staffSignUps.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(staffSignUps).values(values).returning({ id: staffSignUps.id });
  if (!row) {
    throw new Error('insert staff_sign_ups returned nothing');
  }
  return row.id;
}

/** Marks the sign-up used and returns it only if its link was live: single use under races. */
export async function consumeStaffSignUp(
  db: Db,
  id: number,
  tokenHash: string,
  now: Date,
): Promise<StaffSignUpRow | undefined> {
  const [row] = await db
    .update(staffSignUps)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffSignUps.id, id),
        eq(staffSignUps.tokenHash, tokenHash),
        isNull(staffSignUps.usedAt),
        gt(staffSignUps.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
