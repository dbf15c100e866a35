import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import {
  type BodyPart,
  type Level,
  type VideoStatus,
  videoFileUrl,
  videoFrameUrl,
  videoPosterUrl,
} from '@homestretch/contract/library/video';
import type { MovementModel } from '@homestretch/contract/library/movement';
import { videos } from '../../db/schema';
import { videoMovement } from '../library/library.api';

/** The columns a program, a proposal or a recommendation shows of a video. */
export const hepVideoColumns = {
  videoId: videos.id,
  videoClinicId: videos.clinicId,
  videoTitle: videos.title,
  videoDescription: videos.description,
  videoBodyParts: videos.bodyParts,
  videoLevel: videos.level,
  videoStatus: videos.status,
  videoStorageKey: videos.storageKey,
  videoThumbnailKey: videos.thumbnailKey,
  videoFrameKeys: videos.frameKeys,
  videoArchivedAt: videos.archivedAt,
  videoMovementId: videos.movementId,
  videoMovement,
};

export interface HepVideoRow {
  videoId: number;
  videoClinicId: number | null;
  videoTitle: string;
  videoDescription: string;
  videoBodyParts: BodyPart;
  videoLevel: Level | null;
  videoStatus: VideoStatus;
  videoStorageKey: string | null;
  videoThumbnailKey: string | null;
  videoFrameKeys: string[];
  videoArchivedAt: Date | null;
  videoMovementId: string | null;
  videoMovement: MovementModel | null;
}

/** A video as a program shows it; the media URLs are those of the library (playback). */
export function toHepVideo(row: HepVideoRow): HepVideo {
  return {
    id: row.videoId,
    title: row.videoTitle,
    description: row.videoDescription,
    body_parts: row.videoBodyParts,
    source: row.videoClinicId === null ? 'catalogue' : 'clinic',
    level: row.videoLevel,
    video_url:
      row.videoStorageKey !== null && row.videoStatus === 'ready'
        ? videoFileUrl(row.videoId)
        : null,
    thumbnail_url:
      row.videoThumbnailKey !== null || row.videoFrameKeys.length > 0
        ? videoPosterUrl(row.videoId)
        : null,
    frame_urls: row.videoFrameKeys.map((_, index) => videoFrameUrl(row.videoId, index)),
    is_archived: row.videoArchivedAt !== null,
    movement_id: row.videoMovementId,
    movement: row.videoMovement,
  };
}
