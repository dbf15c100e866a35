import type { FolderVideosBody } from '@homestretch/contract/library/add-to-folders';
import type { Folder } from '@homestretch/contract/library/folder';
import { removeFromFoldersRoute } from '@homestretch/contract/library/remove-from-folders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys, isFolderList } from '../../../lib/query-keys/library-keys';

/** DELETE /video/library/delete {video_ids, libraryfolder_ids}: out of the folders, not the library. */
export async function removeFromFolders(body: FolderVideosBody): Promise<Folder[]> {
  const { results } = await apiCall(removeFromFoldersRoute, { body });
  return results;
}

export function useRemoveFromFolders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromFolders,
    onSuccess: async (_folders, { libraryfolder_ids }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
        queryClient.invalidateQueries({ predicate: isFolderList(libraryfolder_ids) }),
      ]);
    },
  });
}
