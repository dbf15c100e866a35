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

/** The answer is the video as saved; the library's pages show its title and tags. */
export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: async (video) => {
      queryClient.setQueryData(libraryKeys.detail(video.id), video);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
    },
  });
}
