import {
  addToFoldersRoute,
  type FolderVideosBody,
} from '@homestretch/contract/library/add-to-folders';
import type { Folder } from '@homestretch/contract/library/folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys, isFolderList } from '../../../lib/query-keys/library-keys';

/** POST /video/library/bulk {video_ids, libraryfolder_ids}: every video into every folder. */
export async function addToFolders(body: FolderVideosBody): Promise<Folder[]> {
  const { results } = await apiCall(addToFoldersRoute, { body });
  return results;
}

/** The folders' counts change, and so do the library pages opened on those folders. */
export function useAddToFolders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToFolders,
    onSuccess: async (_folders, { libraryfolder_ids }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
        queryClient.invalidateQueries({ predicate: isFolderList(libraryfolder_ids) }),
      ]);
    },
  });
}
