import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { ProgramSchema } from './program';

/**
 * Puts a removed item back at the end of its patient's program, with the sets, reps and notes it
 * had (409 when its video is in the program again by now, or the item is not removed).
 */
export const restoreProgramItemRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/heps/:id/restore/',
  summary: 'Restore a removed program item',
  tags: ['hep'],
  params: z.object({ id: IdParamSchema }),
  response: { 200: ProgramSchema },
});
