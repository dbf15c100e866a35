import { defineRoute } from '../common/route';
import { ChangedFoldersSchema, FolderVideosBodySchema } from './add-to-folders';

/**
 * The reverse of POST /video/library/bulk: takes every video out of every folder (the videos stay
 * in the library). Same body and rules; answers the changed folders.
 */
export const removeFromFoldersRoute = defineRoute({
  method: 'DELETE',
  path: '/video/library/delete',
  summary: 'Take videos out of folders',
  tags: ['library'],
  body: FolderVideosBodySchema,
  response: { 200: ChangedFoldersSchema },
});
