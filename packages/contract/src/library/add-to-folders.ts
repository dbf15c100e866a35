import { z } from 'zod';
import { defineRoute } from '../common/route';
import { FolderIdListSchema, FolderSchema } from './folder';
import { VideoIdListSchema } from './video';

export const FolderVideosBodySchema = z.object({
  video_ids: VideoIdListSchema,
  libraryfolder_ids: FolderIdListSchema,
});
export type FolderVideosBody = z.input<typeof FolderVideosBodySchema>;

export const ChangedFoldersSchema = z.object({ results: z.array(FolderSchema) });
export type ChangedFolders = z.infer<typeof ChangedFoldersSchema>;

/**
 * Puts every video in every folder (a video already there stays where it is). The videos are the
 * clinic's or the catalogue's, not archived; the folders the caller may change. All or nothing:
 * a 404 names the first id not found. Answers the changed folders.
 */
export const addToFoldersRoute = defineRoute({
  method: 'POST',
  path: '/video/library/bulk',
  summary: 'Add videos to folders',
  tags: ['library'],
  body: FolderVideosBodySchema,
  response: { 200: ChangedFoldersSchema },
});
