import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { PatientHepRequestSchema } from './program';

export const MAX_REQUEST_CONTENT_LENGTH = 2_000;

export const CreateHepRequestBodySchema = z.object({
  request_content: z
    .string({ error: 'Write what you would like to ask' })
    .trim()
    .min(1, 'Write what you would like to ask')
    .max(MAX_REQUEST_CONTENT_LENGTH, `At most ${MAX_REQUEST_CONTENT_LENGTH} characters`),
});
export type CreateHepRequestBody = z.input<typeof CreateHepRequestBodySchema>;

/**
 * A patient asks the clinic about their program from the app ("ask my therapist", spec §7).
 * Their treating staff see it on the program panel. Patients only; 5 an hour.
 */
export const createHepRequestRoute = defineRoute({
  method: 'POST',
  path: '/video/hep_request/create',
  summary: 'A patient asks their therapist about the program',
  tags: ['hep', 'patient-app'],
  body: CreateHepRequestBodySchema,
  response: { 201: PatientHepRequestSchema },
});

/** A therapist marks a patient's question answered. */
export const resolveHepRequestRoute = defineRoute({
  method: 'POST',
  path: '/video/hep_request/:id/resolve',
  summary: "Mark a patient's question answered",
  tags: ['hep'],
  params: z.object({ id: IdParamSchema }),
  response: { 200: PatientHepRequestSchema },
});
