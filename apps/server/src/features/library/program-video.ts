/**
 * A video as a program shows it (contract HepVideoSchema): enough to list, print and play it.
 * The media addresses are the library's (playback.service.ts decides who may fetch them).
 */
import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import { videoFileUrl, videoFrameUrl, videoPosterUrl } from '@homestretch/contract/library/video';
import { videos } from '../../db/schema';

type MediaRow = Pick<
  typeof videos.$inferSelect,
  'id' | 'status' | 'storageKey' | 'thumbnailKey' | 'frameKeys'
>;

/** Where a video's film, poster and photos are played from; null for what it does not have. */
export function videoMediaUrls(
  row: MediaRow,
): Pick<HepVideo, 'video_url' | 'thumbnail_url' | 'frame_urls'> {
  const hasFilm = row.storageKey !== null && row.status === 'ready';
  return {
    video_url: hasFilm ? videoFileUrl(row.id) : null,
    // A film's poster frame, or a catalogue item's first photo (playback.service.ts).
    thumbnail_url:
      row.thumbnailKey !== null || row.frameKeys.length > 0 ? videoPosterUrl(row.id) : null,
    frame_urls: row.frameKeys.map((_, index) => videoFrameUrl(row.id, index)),
  };
}

/** The columns toProgramVideo reads, to select beside a program's own. */
export const programVideoColumns = {
  id: videos.id,
  clinicId: videos.clinicId,
  title: videos.title,
  description: videos.description,
  bodyParts: videos.bodyParts,
  level: videos.level,
  status: videos.status,
  storageKey: videos.storageKey,
  thumbnailKey: videos.thumbnailKey,
  frameKeys: videos.frameKeys,
  archivedAt: videos.archivedAt,
};

export type ProgramVideoRow = {
  [K in keyof typeof programVideoColumns]: (typeof videos.$inferSelect)[K];
};

export function toProgramVideo(row: ProgramVideoRow): HepVideo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    body_parts: row.bodyParts,
    source: row.clinicId === null ? 'catalogue' : 'clinic',
    level: row.level,
    ...videoMediaUrls(row),
    is_archived: row.archivedAt !== null,
  };
}
