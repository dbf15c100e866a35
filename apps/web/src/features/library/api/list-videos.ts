import {
  listVideosRoute,
  type VideoList,
  type VideoListQuery,
} from '@homestretch/contract/library/list-videos';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { libraryKeys } from '../../../lib/query-keys/library-keys';

/** GET /video/list?page&search&body_parts&purpose&position&equipment&scope&folder: 25 a page. */
export function listVideos(query: VideoListQuery, signal?: AbortSignal): Promise<VideoList> {
  return apiCall(listVideosRoute, { query, signal });
}

/** The previous page stays on screen while the next search or filter loads. */
export function videosQueryOptions(query: VideoListQuery) {
  return queryOptions({
    queryKey: libraryKeys.list(query),
    queryFn: ({ signal }) => listVideos(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVideos(query: VideoListQuery) {
  return useQuery(videosQueryOptions(query));
}
