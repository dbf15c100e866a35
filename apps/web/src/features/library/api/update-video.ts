import type { VideoDetail } from '@homestretch/contract/library/catalogue-exercise';
import { updateVideoRoute, type UpdateVideoBody } from '@homestretch/contract/library/update-video';
import type { Video } from '@homestretch/contract/library/video';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

export interface UpdateVideoInput {
  id: number;
  body: UpdateVideoBody;
}

/** PATCH /video/{id}: the uploader or the clinic's administrator; catalogue items are 422. */
export function updateVideo({ id, body }: UpdateVideoInput): Promise<Video> {
  return apiCall(updateVideoRoute, { params: { id }, body });
}

/**
 * The answer is the video as saved; the library's pages show its title and tags. It does not
 * carry the catalogue exercise its model belongs to, so a changed model is asked for again.
 */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: async (video) => {
      const key = libraryKeys.detail(video.id);
      const before = queryClient.getQueryData<VideoDetail>(key);
      const sameModel = before !== undefined && before.movement_id === video.movement_id;
      queryClient.setQueryData<VideoDetail>(key, {
        ...video,
        exercise: sameModel ? before.exercise : null,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.lists() }),
        sameModel ? undefined : queryClient.invalidateQueries({ queryKey: key }),
      ]);
    },
  });
}
