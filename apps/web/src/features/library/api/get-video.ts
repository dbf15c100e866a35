import type { VideoDetail } from '@homestretch/contract/library/catalogue-exercise';
import { getVideoRoute } from '@homestretch/contract/library/get-video';
import type { Video } from '@homestretch/contract/library/video';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** While a new upload is read (poster, duration), its page asks again this often. */
export const VIDEO_POLL_MS = 3_000;

/** A video still on its way to playable: its page waits for it. */
export function isVideoPending(video: Pick<Video, 'status'>): boolean {
  return video.status === 'uploading' || video.status === 'processing';
}

/**
 * GET /video/{id}: a catalogue item or one of the clinic's (archived ones too), with the
 * catalogue exercise it follows (dose, steps, cautions, progressions, sources) when it has one.
 */
export function getVideo(id: number, signal?: AbortSignal): Promise<VideoDetail> {
  return apiCall(getVideoRoute, { params: { id }, signal });
}

export function videoQueryOptions(id: number) {
  return queryOptions({
    queryKey: libraryKeys.detail(id),
    queryFn: ({ signal }) => getVideo(id, signal),
    refetchInterval: (query) => {
      const video = query.state.data;
      return video && isVideoPending(video) ? VIDEO_POLL_MS : false;
    },
  });
}

export function useVideo(id: number) {
  return useQuery(videoQueryOptions(id));
}
