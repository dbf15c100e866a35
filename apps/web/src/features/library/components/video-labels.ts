import { COLLECTION_LABELS, type Video } from '@homestretch/contract/library/video';

/** "Dana Reyes", or null for a catalogue item (nobody uploaded it). */
export function ownerName(video: Pick<Video, 'owner'>): string | null {
  return video.owner ? `${video.owner.first_name} ${video.owner.last_name}` : null;
}

/** Where a video comes from, as a card's small print says it. */
export function sourceLabel(video: Pick<Video, 'source' | 'is_mine' | 'owner'>): string {
  if (video.source === 'catalogue') {
    return 'Catalogue';
  }
  if (video.is_mine) {
    return 'My video';
  }
  const owner = ownerName(video);
  return owner ? `By ${owner}` : 'Clinic';
}

/** "Physical therapy" or "Strength and conditioning" for a catalogue item; null for the clinic's. */
export function collectionLabel(video: Pick<Video, 'collection'>): string | null {
  return video.collection === null ? null : COLLECTION_LABELS[video.collection];
}

/** A stored `-` (spec §3 default) means "not said": shown as nothing. */
export function shownValue(value: string): string {
  return value === '-' ? '' : value;
}

/** The tags a card or row lists: body part, purpose, position, and equipment when said. */
export function videoTags(video: Pick<Video, 'body_parts' | 'purpose' | 'position' | 'equipment'>) {
  return [video.body_parts, video.purpose, video.position, shownValue(video.equipment)].filter(
    (tag) => tag !== '' && tag !== 'Other',
  );
}

/** "1:05" for a film's length; null when it is not known yet. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null) {
    return null;
  }
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export const STATUS_LABELS: Record<Video['status'], string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Could not be read',
};
