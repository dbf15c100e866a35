/** The queries of uploads: the only code of upload.service.ts that touches the database. */
import { and, eq } from 'drizzle-orm';
import { VIDEO_DEFAULTS } from '@homestretch/contract/library/video';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { videoSearchVector } from './video-search';

/** A new video of the caller's clinic, `uploading` until its last byte lands. */
export async function insertUploadingVideo(
  db: Db,
  scope: ClinicScope,
  values: { ownerUserId: number; title: string; libraryId: string; collectionId: string },
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

/**
 * What the tus endpoint needs to know of a video: whose it is and whether it still waits for its
 * file. Any clinic's: the signature, not a session, says who may upload to it.
 */
export async function findUploadTarget(db: Db, videoId: number) {
  const [row] = await db
    .select({ id: videos.id, clinicId: videos.clinicId, status: videos.status })
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
