/** The billing files a clinic uploads, one per month, and the badge that tells its staff. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingFiles, users } from '../../db/schema';
import { onlyRow } from '../../platform/db-errors';

const fileColumns = {
  id: billingFiles.id,
  period: billingFiles.period,
  name: billingFiles.name,
  size: billingFiles.size,
  contentType: billingFiles.contentType,
  uploadedAt: billingFiles.uploadedAt,
  uploaderId: users.id,
  uploaderFirstName: users.firstName,
  uploaderLastName: users.lastName,
};

export type UploadedFileRow = {
  id: number;
  period: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: Date;
  uploaderId: number;
  uploaderFirstName: string;
  uploaderLastName: string;
};

export async function uploadedFile(
  db: Db,
  clinicId: number,
  period: string,
): Promise<UploadedFileRow | null> {
  const [row] = await db
    .select(fileColumns)
    .from(billingFiles)
    .innerJoin(users, eq(users.id, billingFiles.uploadedBy))
    .where(and(eq(billingFiles.clinicId, clinicId), eq(billingFiles.period, period)));
  return row ?? null;
}

export async function uploadedFileContent(
  db: Db,
  clinicId: number,
  period: string,
): Promise<{ name: string; contentType: string; content: Buffer } | null> {
  const [row] = await db
    .select({
      name: billingFiles.name,
      contentType: billingFiles.contentType,
      content: billingFiles.content,
    })
    .from(billingFiles)
    .where(and(eq(billingFiles.clinicId, clinicId), eq(billingFiles.period, period)));
  return row ?? null;
}

export async function uploadedFiles(db: Db, clinicId: number): Promise<UploadedFileRow[]> {
  return db
    .select(fileColumns)
    .from(billingFiles)
    .innerJoin(users, eq(users.id, billingFiles.uploadedBy))
    .where(eq(billingFiles.clinicId, clinicId))
    .orderBy(desc(billingFiles.period));
}

/** A new upload for a month replaces the last one. */
export async function upsertUploadedFile(
  db: Db,
  file: {
    clinicId: number;
    period: string;
    name: string;
    contentType: string;
    content: Buffer;
    uploadedBy: number;
    uploadedAt: Date;
  },
): Promise<number> {
  const values = { ...file, size: file.content.length };
  const rows = await db
    .insert(billingFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [billingFiles.clinicId, billingFiles.period],
      set: {
        name: values.name,
        contentType: values.contentType,
        content: values.content,
        size: values.size,
        uploadedBy: values.uploadedBy,
        uploadedAt: values.uploadedAt,
      },
    })
    .returning({ id: billingFiles.id });
  return onlyRow(rows, 'Storing a billing file').id;
}

/** Raises the '1' badge (spec §2) for the clinic's staff who see billing. */
export async function flagNewBillingFile(
  db: Db,
  clinicId: number,
  roles: readonly string[],
): Promise<void> {
  await db
    .update(users)
    .set({ isNewBillingUploaded: true })
    .where(
      and(
        eq(users.clinicId, clinicId),
        sql`${users.role} in (${sql.join(
          roles.map((role) => sql`${role}`),
          sql`, `,
        )})`,
        sql`${users.deactivatedAt} is null`,
      ),
    );
}
