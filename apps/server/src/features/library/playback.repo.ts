/** The queries of playback: which video a caller may play. */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hepItems, videos } from '../../db/schema';
import type { ClinicScope } from '../../platform/context';
import { videoMovement } from './library.repo';

const mediaColumns = {
  id: videos.id,
  status: videos.status,
  storageKey: videos.storageKey,
  mimeType: videos.mimeType,
  thumbnailKey: videos.thumbnailKey,
  frameKeys: videos.frameKeys,
  /** Its catalogue exercise's movement model, which its figure is drawn from. */
  movement: videoMovement,
};

export type VideoMediaRow = Awaited<ReturnType<typeof findStaffVideoMedia>>;

/** A video of the clinic's library, or of the shared catalogue; archived ones too (programs hold them). */
export async function findStaffVideoMedia(db: Db, scope: ClinicScope, videoId: number) {
  const [row] = await db
    .select(mediaColumns)
    .from(videos)
    .where(
      and(eq(videos.id, videoId), or(eq(videos.clinicId, scope.clinicId), isNull(videos.clinicId))),
    )
    .limit(1);
  return row;
}

/** A video the patient's own program holds, in a line not taken out of it. */
export async function findProgramVideoMedia(
  db: Db,
  scope: ClinicScope,
  patientId: number,
  videoId: number,
) {
  const [row] = await db
    .select(mediaColumns)
    .from(hepItems)
    .innerJoin(videos, eq(videos.id, hepItems.videoId))
    .where(
      and(
        eq(hepItems.clinicId, scope.clinicId),
        eq(hepItems.patientId, patientId),
        eq(hepItems.videoId, videoId),
        isNull(hepItems.deletedAt),
      ),
    )
    .limit(1);
  return row;
}
