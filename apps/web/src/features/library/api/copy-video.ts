import { copyVideoRoute } from '@homestretch/contract/library/copy-video';
import type { Video } from '@homestretch/contract/library/video';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** POST /video/{id}/copy: a catalogue item becomes the caller's own, editable video. */
export function copyVideo(id: number): Promise<Video> {
  return apiCall(copyVideoRoute, { params: { id } });
}

/** The copy joins the library's pages; its edit page opens from the answer without a fetch. */
export function useCopyVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyVideo,
    onSuccess: async (video) => {
      queryClient.setQueryData(libraryKeys.detail(video.id), video);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
    },
  });
}
