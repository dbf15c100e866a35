import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema';

export type ClinicRow = typeof clinics.$inferSelect;

/** Clinics by their public code: sign-up, QR sign-up and supervisor sign-in all start here. */
export async function findClinicByCode(db: Db, code: string): Promise<ClinicRow | undefined> {
  const [row] = await db
    .select()
    .from(clinics)
    .where(eq(clinics.code, code.toUpperCase()))
    .limit(1);
  return row;
}

export async function findClinicById(db: Db, clinicId: number): Promise<ClinicRow | undefined> {
  const [row] = await db.select().from(clinics).where(eq(clinics.id, clinicId)).limit(1);
  return row;
}
