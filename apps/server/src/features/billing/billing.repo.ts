/** A clinic as billing reads it: its time zone and the provider and practice info of its files. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema';

export interface BillingClinic {
  id: number;
  code: string;
  timeZone: string;
  createdAt: Date;
  providerInfo: Record<string, unknown>;
  practiceInfo: Record<string, unknown>;
  billingInfoUpdatedAt: Date | null;
}

export async function findBillingClinic(db: Db, clinicId: number): Promise<BillingClinic | null> {
  const [row] = await db
    .select({
      id: clinics.id,
      code: clinics.code,
      timeZone: clinics.timeZone,
      createdAt: clinics.createdAt,
      providerInfo: clinics.providerInfo,
      practiceInfo: clinics.practiceInfo,
      billingInfoUpdatedAt: clinics.billingInfoUpdatedAt,
    })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}

export async function saveBillingInfo(
  db: Db,
  clinicId: number,
  info: { providerInfo: Record<string, unknown>; practiceInfo: Record<string, unknown> },
  at: Date,
): Promise<void> {
  await db
    .update(clinics)
    .set({ ...info, billingInfoUpdatedAt: at })
    .where(eq(clinics.id, clinicId));
}
