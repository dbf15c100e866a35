import { EmptyResponseSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { FolderIdParamsSchema } from './folder';

/** Deletes a folder, never its videos: its owner or the clinic's administrator. */
export const deleteFolderRoute = defineRoute({
  method: 'DELETE',
  path: '/video/library/:folderId',
  summary: 'Delete a library folder (its videos stay in the library)',
  tags: ['library'],
  params: FolderIdParamsSchema,
  response: { 200: EmptyResponseSchema },
});
