import {
  createFolderRoute,
  type CreateFolderBody,
} from '@homestretch/contract/library/create-folder';
import type { Folder } from '@homestretch/contract/library/folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** POST /video/library {name}: a new private folder; a name the caller already uses is 409. */
export function createFolder(body: CreateFolderBody): Promise<Folder> {
  return apiCall(createFolderRoute, { body });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.folders() }),
  });
}
