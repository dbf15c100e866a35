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
