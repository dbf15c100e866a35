/**
 * Where a video's media is served, and the video as a program shows it (HepVideo): shared by the
 * library's own view and the domains that show videos (programs, recommendations).
 */
import type { HepVideo } from '@homestretch/contract/hep/hep-item';
import {
  type Video,
  videoFileUrl,
  videoFrameUrl,
  videoPosterUrl,
} from '@homestretch/contract/library/video';
import type { videos } from '../../db/schema';

type VideoFields = typeof videos.$inferSelect;

export type VideoMediaRow = Pick<
  VideoFields,
  'id' | 'status' | 'storageKey' | 'thumbnailKey' | 'frameKeys'
>;

export function videoMedia(
  row: VideoMediaRow,
): Pick<Video, 'video_url' | 'thumbnail_url' | 'frame_urls'> {
  const hasFilm = row.storageKey !== null && row.status === 'ready';
  return {
    video_url: hasFilm ? videoFileUrl(row.id) : null,
    // A film's poster frame, or a catalogue item's first photo (playback.service.ts).
    thumbnail_url:
      row.thumbnailKey !== null || row.frameKeys.length > 0 ? videoPosterUrl(row.id) : null,
    frame_urls: row.frameKeys.map((_, index) => videoFrameUrl(row.id, index)),
  };
}

export type HepVideoRow = VideoMediaRow &
  Pick<VideoFields, 'clinicId' | 'title' | 'description' | 'bodyParts' | 'level' | 'archivedAt'>;

export function toHepVideo(row: HepVideoRow): HepVideo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    body_parts: row.bodyParts,
    source: row.clinicId === null ? 'catalogue' : 'clinic',
    level: row.level,
    ...videoMedia(row),
    is_archived: row.archivedAt !== null,
  };
}
