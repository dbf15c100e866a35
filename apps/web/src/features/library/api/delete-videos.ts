import {
  deleteVideosRoute,
  type DeleteVideosResult,
} from '@homestretch/contract/library/delete-videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** DELETE /video/delete {videos}: all or none; those a program holds are archived instead. */
export function deleteVideos(ids: number[]): Promise<DeleteVideosResult> {
  return apiCall(deleteVideosRoute, { body: { videos: ids } });
}

/**
 * Deleted and archived videos leave the library's pages and every folder; an archived one's own
 * page still answers (with is_archived), a deleted one's is gone.
 */
export function useDeleteVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideos,
    onSuccess: async ({ deleted, archived }) => {
      for (const id of deleted) {
        queryClient.removeQueries({ queryKey: libraryKeys.detail(id) });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
        ...archived.map((id) =>
          queryClient.invalidateQueries({ queryKey: libraryKeys.detail(id) }),
        ),
      ]);
    },
  });
}
