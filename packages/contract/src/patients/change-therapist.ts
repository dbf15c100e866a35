import { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema, PatientSchema, TherapistIdsSchema } from './patient';

export const ChangeTherapistBodySchema = z.strictObject({
  therapist_ids: TherapistIdsSchema.refine(
    (ids) => ids.length > 0,
    'Choose at least one therapist',
  ),
});
export type ChangeTherapistBody = z.input<typeof ChangeTherapistBodySchema>;

/** Replaces the treating therapists; each must be a therapist of the same clinic. */
export const changeTherapistRoute = defineRoute({
  method: 'PATCH',
  path: '/api/v1/patients/:id/change-therapist/',
  summary: "Replace the patient's treating therapists",
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: ChangeTherapistBodySchema,
  response: { 200: PatientSchema },
});
