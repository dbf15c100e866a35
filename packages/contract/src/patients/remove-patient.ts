import { EmptyResponseSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema } from './patient';

/**
 * Takes the patient off the roster (their data is kept for the audit trail and billing) and
 * closes their app login. Afterwards the patient answers 404.
 */
export const removePatientRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/patients/:id/remove/',
  summary: 'Remove a patient from the roster',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  response: { 200: EmptyResponseSchema },
});
