import type { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientFieldsSchema, PatientIdParamsSchema, PatientSchema } from './patient';

export const UpdatePatientBodySchema = PatientFieldsSchema;
export type UpdatePatientBody = z.input<typeof UpdatePatientBodySchema>;

/** Names are required; an optional field left out stays as it is, `null` clears it. */
export const updatePatientRoute = defineRoute({
  method: 'PUT',
  path: '/clinic/patient/:id/update',
  summary: "Update a patient's details",
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: UpdatePatientBodySchema,
  response: { 200: PatientSchema },
});
