import { z } from 'zod';
import { defineRoute } from '../common/route';
import { FolderIdParamsSchema, FolderNameSchema, FolderSchema } from './folder';

export const UpdateFolderBodySchema = z
  .object({ name: FolderNameSchema, is_shared: z.boolean({ error: 'Use true or false' }) })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send a name or is_shared');
export type UpdateFolderBody = z.input<typeof UpdateFolderBodySchema>;

/** Renames or (un)shares a folder: its owner or the clinic's administrator (403 otherwise). */
export const updateFolderRoute = defineRoute({
  method: 'PATCH',
  path: '/video/library/:folderId',
  summary: 'Rename or share a library folder',
  tags: ['library'],
  params: FolderIdParamsSchema,
  body: UpdateFolderBodySchema,
  response: { 200: FolderSchema },
});
