import { z } from 'zod';
import { ClinicCodeSchema } from '../common/fields';
import { defineRoute } from '../common/route';

export const ClinicSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  time_zone: z.string(),
  is_full_service: z.boolean(),
});
export type Clinic = z.infer<typeof ClinicSchema>;

export const getClinicRoute = defineRoute({
  method: 'GET',
  path: '/api/v1/clinics/:code/',
  summary: "The caller's clinic, by code",
  tags: ['clinics'],
  params: z.object({ code: ClinicCodeSchema }),
  response: { 200: ClinicSchema },
});

export const CheckCodeResponseSchema = z.object({
  valid: z.boolean(),
  clinic_name: z.string().nullable(),
});
export type CheckCodeResponse = z.infer<typeof CheckCodeResponseSchema>;

/** Public: sign-up screens validate the clinic code before asking for details. */
export const checkCodeRoute = defineRoute({
  method: 'GET',
  path: '/clinic/check_code',
  summary: 'Check a clinic code',
  tags: ['clinics'],
  querystring: z.object({ code: ClinicCodeSchema }),
  response: { 200: CheckCodeResponseSchema },
});
