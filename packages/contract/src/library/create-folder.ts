import { z } from 'zod';
import { defineRoute } from '../common/route';
import { FolderNameSchema, FolderSchema } from './folder';

export const CreateFolderBodySchema = z.object({ name: FolderNameSchema });
export type CreateFolderBody = z.input<typeof CreateFolderBodySchema>;

/** A new private folder of the caller's (201). A name the caller already uses is a 409. */
export const createFolderRoute = defineRoute({
  method: 'POST',
  path: '/video/library',
  summary: 'Create a library folder',
  tags: ['library'],
  body: CreateFolderBodySchema,
  response: { 201: FolderSchema },
});
