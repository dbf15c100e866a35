import { z } from 'zod';
import { defineRoute } from '../common/route';
import {
  DashboardHepParamsSchema,
  HepItemSchema,
  HepNoteSchema,
  HoldSecondsSchema,
  RepsSchema,
  SetsSchema,
} from './hep-item';

export const UpdateProgramItemBodySchema = z
  .object({
    sets: SetsSchema,
    reps: RepsSchema,
    /** null takes the hold away (beyond spec §7's body). */
    hold_seconds: HoldSecondsSchema.nullable(),
    description: HepNoteSchema,
  })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Send sets, reps, hold_seconds or description to change',
  );
export type UpdateProgramItemBody = z.input<typeof UpdateProgramItemBodySchema>;

/** Changes one exercise of the program: sets, reps, the hold, the notes for the patient (spec §7). */
export const updateProgramItemRoute = defineRoute({
  method: 'PATCH',
  path: '/video/hep/therapist/:dashboardId/:hepId',
  summary: 'Change sets, reps, hold or notes of a program item',
  tags: ['hep'],
  params: DashboardHepParamsSchema,
  body: UpdateProgramItemBodySchema,
  response: { 200: HepItemSchema },
});
