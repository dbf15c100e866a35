import type { z } from 'zod';
import { defineRoute } from '../common/route';
import { PatientFieldsSchema, PatientSchema, TherapistIdsSchema } from './patient';

export const RegisterPatientBodySchema = PatientFieldsSchema.extend({
  /** Treating therapists; a therapist registering without this list is assigned themselves. */
  therapists: TherapistIdsSchema.optional(),
});
export type RegisterPatientBody = z.input<typeof RegisterPatientBodySchema>;

/** Staff add a patient to the clinic (spec §1: "registered by staff"). */
export const registerPatientRoute = defineRoute({
  method: 'POST',
  path: '/clinic/patient/register',
  summary: 'Register a patient (staff)',
  tags: ['patients'],
  body: RegisterPatientBodySchema,
  response: { 201: PatientSchema },
});
