import { listFoldersRoute, type FolderList } from '@homestretch/contract/library/list-folders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** GET /video/library: every folder the caller sees, their own first, then the shared ones. */
export function listFolders(signal?: AbortSignal): Promise<FolderList> {
  return apiCall(listFoldersRoute, { signal });
}

export function foldersQueryOptions() {
  return queryOptions({
    queryKey: libraryKeys.folders(),
    queryFn: ({ signal }) => listFolders(signal),
  });
}

export function useFolders() {
  return useQuery(foldersQueryOptions());
}
