import { defineRoute } from '../common/route';
import { VideoIdParamsSchema, VideoSchema } from './video';

/**
 * Copies a catalogue item into the clinic's library as the caller's own video, with its details,
 * photos and instructions, so it can be edited. Answers the new video (201).
 */
export const copyVideoRoute = defineRoute({
  method: 'POST',
  path: '/video/:id/copy',
  summary: 'Copy a catalogue exercise into the clinic library',
  tags: ['library'],
  params: VideoIdParamsSchema,
  response: { 201: VideoSchema },
});
