import { z } from 'zod';
import { defineRoute } from '../common/route';
import { HepIdListSchema } from './remove-from-program';
import { ProgramSchema } from './program';

export const SetProgramOrderBodySchema = z.object({ hep_ids: HepIdListSchema });
export type SetProgramOrderBody = z.input<typeof SetProgramOrderBodySchema>;

/**
 * Orders one patient's program: `hep_ids` must be every item of that program, each once. A list
 * that misses an item or names a removed one was made from a stale program: 409, nothing moved.
 */
export const setProgramOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/heps/set_order/',
  summary: "Set the order of a patient's program",
  tags: ['hep'],
  body: SetProgramOrderBodySchema,
  response: { 200: ProgramSchema },
});
