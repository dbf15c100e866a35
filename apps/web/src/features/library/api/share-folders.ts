import type { Folder } from '@homestretch/contract/library/folder';
import {
  shareFoldersRoute,
  type ShareFoldersBody,
} from '@homestretch/contract/library/share-folders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** POST /video/library/share {libraryfolder_ids, is_shared}: with the whole clinic, or private. */
export async function shareFolders(body: ShareFoldersBody): Promise<Folder[]> {
  const { results } = await apiCall(shareFoldersRoute, { body });
  return results;
}

export function useShareFolders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareFolders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
  });
}
