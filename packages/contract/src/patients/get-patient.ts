import { defineRoute } from '../common/route';
import { PatientIdParamsSchema, PatientSchema } from './patient';

/** The patient record; clinicians only (office managers get 403), audited as a read. */
export const getPatientRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/patients/:id/',
  summary: 'One patient of the clinic',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  response: { 200: PatientSchema },
});
