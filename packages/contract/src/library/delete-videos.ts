import { z } from 'zod';
import { defineRoute } from '../common/route';
import { VideoIdListSchema } from './video';

export const DeleteVideosBodySchema = z.object({ videos: VideoIdListSchema });
export type DeleteVideosBody = z.input<typeof DeleteVideosBodySchema>;

export const DeleteVideosResultSchema = z.object({
  /** Gone, with their files. */
  deleted: z.array(z.number().int()),
  /**
   * Held by a patient's program: taken out of the library and its folders, kept for the
   * program (GET /video/{id} still answers them, with is_archived true).
   */
  archived: z.array(z.number().int()),
});
export type DeleteVideosResult = z.infer<typeof DeleteVideosResultSchema>;

/**
 * Deletes clinic videos, all or none: every id must be one of the caller's clinic's videos
 * (404 names the first that is not), that the caller may change (403), and not a catalogue item
 * (422).
 */
export const deleteVideosRoute = defineRoute({
  method: 'DELETE',
  path: '/video/delete',
  summary: 'Delete exercise videos (those in a program are archived)',
  tags: ['library'],
  body: DeleteVideosBodySchema,
  response: { 200: DeleteVideosResultSchema },
});
