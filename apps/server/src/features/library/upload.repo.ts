/** The queries of uploads: the only code of upload.service.ts that touches the database. */
import { and, count, eq, gt, isNull, lte, notExists, or } from 'drizzle-orm';
import { VIDEO_DEFAULTS } from '@homestretch/contract/library/video';
import type { Db } from '../../db/client';
import { hepItems, videos } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { videoSearchVector } from './video-search';

/** A new video of the caller's clinic, `uploading` until its last byte lands. */
export async function insertUploadingVideo(
  db: Db,
  scope: ClinicScope,
  values: {
    ownerUserId: number;
    title: string;
    libraryId: string;
    collectionId: string;
    ticketExpiration: number;
  },
): Promise<{ id: number; title: string }> {
  const rows = await db
    .insert(videos)
    .values({
      clinicId: scope.clinicId,
      ownerUserId: values.ownerUserId,
      title: values.title,
      status: 'uploading',
      libraryId: values.libraryId,
      collectionId: values.collectionId,
      ticketExpiration: values.ticketExpiration,
      searchVector: videoSearchVector({
        title: values.title,
        bodyParts: VIDEO_DEFAULTS.body_parts,
        purpose: VIDEO_DEFAULTS.purpose,
        equipment: VIDEO_DEFAULTS.equipment,
      }),
    })
    .returning({ id: videos.id, title: videos.title });
  return onlyRow(rows, 'insert videos');
}

/** How many of the caller's uploads still wait for their file under a ticket expiring after this. */
export async function countOpenUploads(
  db: Db,
  scope: ClinicScope,
  ownerUserId: number,
  expiringAfter: number,
): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(videos)
    .where(
      and(
        eq(videos.clinicId, scope.clinicId),
        eq(videos.ownerUserId, ownerUserId),
        eq(videos.status, 'uploading'),
        isNull(videos.archivedAt),
        gt(videos.ticketExpiration, expiringAfter),
      ),
    );
  return row?.open ?? 0;
}

/**
 * Deletes the videos still waiting for their file under a ticket that ran out by then (or under
 * none: an upload from before tickets were stored, which no request can reach). Every clinic's: a
 * sweep, not a caller's request. One a patient's program names stays, as deleting it would fail.
 */
export async function deleteStaleUploads(db: Db, ranOutBy: number): Promise<void> {
  await db
    .delete(videos)
    .where(
      and(
        eq(videos.status, 'uploading'),
        or(isNull(videos.ticketExpiration), lte(videos.ticketExpiration, ranOutBy)),
        notExists(db.select().from(hepItems).where(eq(hepItems.videoId, videos.id))),
      ),
    );
}

/**
 * What the tus endpoint needs to know of a video: whose it is, the ticket issued for it, whether
 * it still waits for its file and which file landed. Looked up by id alone: no session says the
 * clinic, the ticket does, by matching the stored expiry (upload-rules.ts ticketIsForVideo).
 */
export async function findUploadTarget(db: Db, videoId: number) {
  const [row] = await db
    .select({
      id: videos.id,
      clinicId: videos.clinicId,
      status: videos.status,
      ticketExpiration: videos.ticketExpiration,
      storageKey: videos.storageKey,
    })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  return row;
}

/**
 * Records the landed file as the video's film, only while the video still waits for one: of two
 * uploads of the same video the first to finish wins, and the later finds nothing to update.
 */
export async function claimUploadedFile(
  db: Db,
  videoId: number,
  file: { storageKey: string; sizeBytes: number; mimeType: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(videos)
    .set({ ...file, status: 'processing', updatedAt: now })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'uploading')))
    .returning({ id: videos.id });
  return rows.length > 0;
}

/** The end of processing: `ready` (with what ffmpeg read, if it ran) or `failed`. */
export async function finishProcessing(
  db: Db,
  videoId: number,
  outcome:
    | { status: 'ready'; durationSeconds: number | null; thumbnailKey: string | null }
    | { status: 'failed' },
  now: Date,
): Promise<void> {
  await db
    .update(videos)
    .set({ ...outcome, updatedAt: now })
    .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')));
}
