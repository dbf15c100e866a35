import type { z } from 'zod';
import { defineRoute } from '../common/route';
import { VideoFieldsSchema, VideoIdParamsSchema, VideoSchema } from './video';

export const UpdateVideoBodySchema = VideoFieldsSchema.partial().refine(
  (body) => Object.keys(body).length > 0,
  'Send at least one field to change',
);
export type UpdateVideoBody = z.input<typeof UpdateVideoBodySchema>;

/**
 * Changes a clinic video's details: its uploader or the clinic's administrator (403 for anyone
 * else). Catalogue items are read-only (422: copy one into the library to edit it).
 */
export const updateVideoRoute = defineRoute({
  method: 'PATCH',
  path: '/video/:id',
  summary: "Edit an exercise video's details",
  tags: ['library'],
  params: VideoIdParamsSchema,
  body: UpdateVideoBodySchema,
  response: { 200: VideoSchema },
});
