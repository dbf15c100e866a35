import { z } from 'zod';
import { IdSchema } from '../common/fields';
import { PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { PatientSchema } from './patient';

export const DischargePatientsBodySchema = z.strictObject({
  patient_ids: z
    .array(IdSchema)
    .min(1, 'Choose at least one patient')
    .max(100, 'At most 100 patients at once'),
});
export type DischargePatientsBody = z.input<typeof DischargePatientsBodySchema>;

/**
 * Ends the episode of care of each patient (all or none: one id that is not the clinic's
 * answers 404 and nothing changes). Answers the discharged patients.
 */
export const dischargePatientsRoute = defineRoute({
  method: 'PATCH',
  path: '/clinic/therapist/patient/discharged',
  summary: 'Discharge patients',
  tags: ['patients'],
  body: DischargePatientsBodySchema,
  response: { 200: PaginatedSchema(PatientSchema) },
});
