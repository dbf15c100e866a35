import { z } from 'zod';
import { defineRoute } from '../common/route';
import { ChangedFoldersSchema } from './add-to-folders';
import { FolderIdListSchema } from './folder';

export const ShareFoldersBodySchema = z.object({
  libraryfolder_ids: FolderIdListSchema,
  is_shared: z.boolean({ error: 'is_shared is true or false' }),
});
export type ShareFoldersBody = z.input<typeof ShareFoldersBodySchema>;

/**
 * Shares folders with the whole clinic (is_shared true) or makes them private again. All or
 * nothing: every folder must be one the caller may change. Answers the changed folders.
 */
export const shareFoldersRoute = defineRoute({
  method: 'POST',
  path: '/video/library/share',
  summary: 'Share library folders with the clinic, or make them private',
  tags: ['library'],
  body: ShareFoldersBodySchema,
  response: { 200: ChangedFoldersSchema },
});
