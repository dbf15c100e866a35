import { z } from 'zod';
import { defineRoute } from '../common/route';
import {
  DashboardIdParamsSchema,
  HEP_MAX_ITEMS,
  HepEntrySchema,
  firstRepeatedVideo,
} from './hep-item';
import { ProgramSchema } from './program';

export const AddToProgramBodySchema = z
  .array(HepEntrySchema)
  .min(1, 'Choose at least one exercise')
  .max(HEP_MAX_ITEMS, `At most ${HEP_MAX_ITEMS} exercises at a time`)
  .superRefine((entries, ctx) => {
    const repeated = firstRepeatedVideo(entries);
    if (repeated !== null) {
      ctx.addIssue({ code: 'custom', message: `Video ${repeated} is in the list twice` });
    }
  });
export type AddToProgramBody = z.input<typeof AddToProgramBodySchema>;

/**
 * Sends exercises to the patient's program (spec §7), all or none: each video must be the
 * clinic's own (not archived) or the catalogue's (404 names the first that is not), not already
 * in the program (409), and the program may hold at most HEP_MAX_ITEMS (422). Refused (403) to
 * a caller whose changes need a supervisor's approval: they send an approval request instead.
 */
export const addToProgramRoute = defineRoute({
  method: 'POST',
  path: '/video/hep/therapist/:dashboardId',
  summary: "Add exercises to a patient's program",
  tags: ['hep'],
  params: DashboardIdParamsSchema,
  body: AddToProgramBodySchema,
  response: { 201: ProgramSchema },
});
