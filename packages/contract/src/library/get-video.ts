import { defineRoute } from '../common/route';
import { VideoDetailSchema } from './catalogue-exercise';
import { VideoIdParamsSchema } from './video';

/**
 * One video: a catalogue item, or one of the caller's clinic's (archived ones too, so a program
 * that holds it still shows it). Another clinic's video is a 404.
 */
export const getVideoRoute = defineRoute({
  method: 'GET',
  path: '/video/:id',
  summary: 'One exercise video',
  tags: ['library'],
  params: VideoIdParamsSchema,
  response: { 200: VideoDetailSchema },
});
