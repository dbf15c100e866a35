import { z } from 'zod';
import { IdParamSchema, IdSchema } from '../common/fields';
import { VideoOwnerSchema } from './video';

export const MAX_FOLDER_NAME_LENGTH = 100;

export const FolderNameSchema = z
  .string()
  .trim()
  .min(1, 'Folder name is required')
  .max(MAX_FOLDER_NAME_LENGTH, `Folder name is at most ${MAX_FOLDER_NAME_LENGTH} characters`);

/**
 * spec §3 Library folder: name, is_shared, videos (the ids of the videos it holds, in the order
 * they were added; by id within one call). A private folder is seen by its owner only; a shared one by all the
 * clinic's staff. Only its owner (or the clinic's administrator) renames, shares, fills or
 * deletes it: `can_edit`.
 */
export const FolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_shared: z.boolean(),
  is_mine: z.boolean(),
  can_edit: z.boolean(),
  owner: VideoOwnerSchema,
  videos: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Folder = z.infer<typeof FolderSchema>;

export const FolderIdParamsSchema = z.object({ folderId: IdParamSchema });

export const FolderIdListSchema = z
  .array(IdSchema)
  .min(1, 'Choose at least one folder')
  .max(100, 'At most 100 folders at a time')
  .transform((ids) => [...new Set(ids)]);
