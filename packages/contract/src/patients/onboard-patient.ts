import { z } from 'zod';
import { Icd10CodeSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { PatientIdParamsSchema, PatientSchema, TherapistIdsSchema } from './patient';

/**
 * `diagnosis` is the diagnosis in words (usually the ICD-10-CM description picked from
 * GET /api/v1/icd10_codes/), `selected_code` the billable code itself, `therapists` the treating
 * staff of this clinic.
 */
export const OnboardPatientBodySchema = z.strictObject({
  diagnosis: z
    .string()
    .trim()
    .min(1, 'Enter the diagnosis')
    .max(300, 'Must be at most 300 characters'),
  selected_code: Icd10CodeSchema.optional(),
  therapists: TherapistIdsSchema.refine((ids) => ids.length > 0, 'Choose at least one therapist'),
  /**
   * RTM coverage for the episode; left out, it stays as it is. Discharge turns it off, so a new
   * episode is billable only when the clinic turns it on here (domain/rtm.md).
   */
  is_rtm_covered: z.boolean().optional(),
});
export type OnboardPatientBody = z.input<typeof OnboardPatientBodySchema>;

/** Starts the episode of care (domain/rtm.md: onboarding to discharge). 409 if already onboarded. */
export const onboardPatientRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/patients/:id/onboard/',
  summary: 'Onboard a patient: diagnosis and treating therapists',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: OnboardPatientBodySchema,
  response: { 200: PatientSchema },
});

/**
 * For a discharged patient: a new episode of care starts today. For an active one: the diagnosis
 * and therapists are corrected and the episode goes on. 409 if never onboarded.
 */
export const reOnboardPatientRoute = defineRoute({
  method: 'PATCH',
  path: '/api/v1/patients/:id/re_onboard/',
  summary: 'Re-onboard a patient (new episode, or corrected diagnosis and therapists)',
  tags: ['patients'],
  params: PatientIdParamsSchema,
  body: OnboardPatientBodySchema,
  response: { 200: PatientSchema },
});
