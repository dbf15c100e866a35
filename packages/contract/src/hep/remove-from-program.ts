import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { DashboardIdParamsSchema, HEP_MAX_ITEMS } from './hep-item';
import { ProgramSchema } from './program';

export const HepIdListSchema = z
  .array(IdSchema)
  .min(1, 'Choose at least one program item')
  .max(HEP_MAX_ITEMS, `At most ${HEP_MAX_ITEMS} items at a time`)
  .transform((ids) => [...new Set(ids)]);

export const RemoveFromProgramBodySchema = z.object({ hep_ids: HepIdListSchema });
export type RemoveFromProgramBody = z.input<typeof RemoveFromProgramBodySchema>;

/** Removes items, all or none (404 names the first not in this patient's program); each can be restored. */
export const removeFromProgramRoute = defineRoute({
  method: 'DELETE',
  path: '/video/hep/therapist/:dashboardId',
  summary: "Remove items from a patient's program",
  tags: ['hep'],
  params: DashboardIdParamsSchema,
  body: RemoveFromProgramBodySchema,
  response: { 200: ProgramSchema },
});
