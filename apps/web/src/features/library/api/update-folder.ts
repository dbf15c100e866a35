import type { Folder } from '@homestretch/contract/library/folder';
import {
  updateFolderRoute,
  type UpdateFolderBody,
} from '@homestretch/contract/library/update-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

export interface UpdateFolderInput {
  folderId: number;
  body: UpdateFolderBody;
}

/** PATCH /video/library/{folderId} {name}: its owner or the clinic's administrator. */
export function updateFolder({ folderId, body }: UpdateFolderInput): Promise<Folder> {
  return apiCall(updateFolderRoute, { params: { folderId }, body });
}

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
  });
}
