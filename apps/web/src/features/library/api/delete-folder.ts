import { deleteFolderRoute } from '@homestretch/contract/library/delete-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys, isFolderList } from '../../../lib/query-keys/library-keys';

/** DELETE /video/library/{folderId}: the folder goes, its videos stay in the library. */
export async function deleteFolder(folderId: number): Promise<void> {
  await apiCall(deleteFolderRoute, { params: { folderId } });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: async (_answer, folderId) => {
      queryClient.removeQueries({ predicate: isFolderList([folderId]) });
      await queryClient.invalidateQueries({ queryKey: libraryKeys.folders() });
    },
  });
}
