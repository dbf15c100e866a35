import { defineRoute } from '../common/route';
import { FolderIdParamsSchema, FolderSchema } from './folder';

/** One folder the caller sees; another's private folder, or another clinic's, is a 404. */
export const getFolderRoute = defineRoute({
  method: 'GET',
  path: '/video/library/:folderId',
  summary: 'One library folder',
  tags: ['library'],
  params: FolderIdParamsSchema,
  response: { 200: FolderSchema },
});
