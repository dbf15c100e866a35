import { z } from 'zod';
import { defineRoute } from '../common/route';
import { FolderSchema } from './folder';

export const FolderListSchema = z.object({
  results: z.array(FolderSchema),
  count: z.number().int().nonnegative(),
});
export type FolderList = z.infer<typeof FolderListSchema>;

/**
 * Every folder the caller sees, all at once (a clinic has tens, not thousands): their own first,
 * then the clinic's shared ones, each by name.
 */
export const listFoldersRoute = defineRoute({
  method: 'GET',
  path: '/video/library',
  summary: 'The library folders the caller sees',
  tags: ['library'],
  response: { 200: FolderListSchema },
});
