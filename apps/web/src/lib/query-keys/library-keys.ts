import type { VideoListQuery } from '@homestretch/contract/library/list-videos';
import type { Query } from '@tanstack/react-query';

/**
 * Query keys of the library feature (one factory per feature, ARCHITECTURE.md "Web app"): the
 * library's pages, one video, and the caller's folders.
 */
export const libraryKeys = {
  all: ['library'] as const,
  lists: () => [...libraryKeys.all, 'list'] as const,
  list: (query: VideoListQuery) => [...libraryKeys.lists(), query] as const,
  details: () => [...libraryKeys.all, 'detail'] as const,
  detail: (id: number) => [...libraryKeys.details(), id] as const,
  folders: () => [...libraryKeys.all, 'folders'] as const,
};

/**
 * Matches the library pages opened on one of `folderIds`: filling or emptying a folder changes
 * those pages only, not the library at large.
 */
export function isFolderList(folderIds: readonly number[]) {
  return (query: Query): boolean => {
    const [, kind, listQuery] = query.queryKey as [string, string, VideoListQuery | undefined];
    return (
      kind === 'list' &&
      listQuery?.folder !== undefined &&
      folderIds.includes(Number(listQuery.folder))
    );
  };
}
