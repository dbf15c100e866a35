import type { Db } from '../../db/client';
import { clinics, users } from '../../db/schema';

export async function insertClinic(
  db: Db,
  values: typeof clinics.$inferInsert,
): Promise<typeof clinics.$inferSelect | undefined> {
  const [clinic] = await db.insert(clinics).values(values).returning();
  return clinic;
}

export async function insertStaffAccount(
  db: Db,
  values: typeof users.$inferInsert,
): Promise<typeof users.$inferSelect | undefined> {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}
