import type { Video } from '@homestretch/contract/library/video';
import { TriangleAlert } from 'lucide-react';
import { Spinner } from '../../../ui/spinner';
import { isVideoPending } from '../api/get-video';
import { MediaImage, MediaPlaceholder } from './media-image';
import { STATUS_LABELS } from './video-labels';

export type PlayerVideo = Pick<
  Video,
  'title' | 'status' | 'video_url' | 'thumbnail_url' | 'frame_urls' | 'source'
>;

function Frame({ src, caption }: { src: string; caption: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <MediaImage
        src={src}
        alt={caption}
        className="aspect-4/3 w-full overflow-hidden rounded-control bg-canvas"
      />
      <figcaption className="text-xs text-ink-muted">{caption}</figcaption>
    </figure>
  );
}

/**
 * What a video's page and preview show of it: the film (range requests, spec §7), a catalogue
 * item's start and end photos (it has no film), or where a new upload is in its life. Its page
 * polls a pending video (api/get-video.ts), so this changes on its own once it is ready.
 */
export function VideoPlayer({ video }: { video: PlayerVideo }) {
  if (video.status === 'failed') {
    // Spec §8: upload errors surface as a video error.
    return (
      <div
        role="alert"
        className="flex aspect-video flex-col items-center justify-center gap-2 rounded-card border border-danger-600/30 bg-danger-50 p-4 text-center"
      >
        <TriangleAlert aria-hidden="true" className="size-8 text-danger-700" />
        <p className="font-medium text-danger-700">This file could not be read as a video.</p>
        <p className="text-sm text-danger-700">Upload it again, or choose another file.</p>
      </div>
    );
  }
  if (isVideoPending(video)) {
    return (
      <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-card bg-brand-50 p-4 text-center">
        <Spinner label={STATUS_LABELS[video.status]} />
        <p className="font-medium text-brand-900">
          {video.status === 'uploading' ? 'The video is still uploading' : 'Preparing the video'}
        </p>
        <p className="text-sm text-ink-muted">This updates on its own once it is ready to play.</p>
      </div>
    );
  }
  if (video.video_url) {
    return (
      <video
        controls
        preload="metadata"
        poster={video.thumbnail_url ?? undefined}
        src={video.video_url}
        aria-label={`Video: ${video.title}`}
        className="aspect-video w-full rounded-card bg-ink"
      />
    );
  }
  const [start, end] = video.frame_urls;
  if (start && end) {
    return (
      <div className="grid grid-cols-2 gap-3">
        <Frame src={start} caption="Start position" />
        <Frame src={end} caption="End position" />
      </div>
    );
  }
  const still = start ?? video.thumbnail_url;
  if (still) {
    return <Frame src={still} caption={video.title} />;
  }
  return (
    <div className="flex flex-col gap-2">
      <MediaPlaceholder className="aspect-video rounded-card" />
      <p className="text-sm text-ink-muted">No picture for this exercise</p>
    </div>
  );
}
