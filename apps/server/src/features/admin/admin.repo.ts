import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics, users } from '../../db/schema';
import { type AccountValues, withAccountSearch } from '../users/users.api';

export async function insertClinic(
  db: Db,
  values: typeof clinics.$inferInsert,
): Promise<typeof clinics.$inferSelect | undefined> {
  const [clinic] = await db.insert(clinics).values(values).returning();
  return clinic;
}

export async function insertStaffAccount(
  db: Db,
  values: AccountValues,
): Promise<typeof users.$inferSelect | undefined> {
  const [user] = await db.insert(users).values(withAccountSearch(values)).returning();
  return user;
}

/** Merges settings into a clinic's own (other keys are kept). */
export async function mergeClinicSettings(
  db: Db,
  clinicId: number,
  settings: Record<string, unknown>,
): Promise<void> {
  await db
    .update(clinics)
    .set({ settings: sql`${clinics.settings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(clinics.id, clinicId));
}
