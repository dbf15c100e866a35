import { z } from 'zod';
import { ErrorResponseSchema } from '../common/errors';
import { defineRoute } from '../common/route';
import { PatientFieldsSchema, PatientSchema, TherapistIdsSchema } from './patient';

export const RegisterPatientBodySchema = PatientFieldsSchema.extend({
  /** Treating therapists; a therapist registering without this list is assigned themselves. */
  therapists: TherapistIdsSchema.optional(),
  /**
   * Register even though the clinic already has a patient who looks like this one: the caller
   * saw the likely duplicates of the 409 and chose to go on (twins, a namesake).
   */
  confirm_duplicate: z.boolean().optional(),
});
export type RegisterPatientBody = z.input<typeof RegisterPatientBodySchema>;

/**
 * What a likely duplicate shares with the patient being registered: the same name and birthday,
 * the same phone, or the same e-mail address. Names match whatever their case and accents.
 */
export const DUPLICATE_MATCHES = ['name_birthday', 'phone', 'email'] as const;
export const DuplicateMatchSchema = z.enum(DUPLICATE_MATCHES);
export type DuplicateMatch = z.infer<typeof DuplicateMatchSchema>;

/** A patient of the caller's clinic the new one may be. */
export const LikelyDuplicateSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string().nullable(),
  /** Each field it shares, in the order of DUPLICATE_MATCHES. */
  matched: z.array(DuplicateMatchSchema),
});
export type LikelyDuplicate = z.infer<typeof LikelyDuplicateSchema>;

/** 409: the one error shape, naming the likely duplicates (at most 5, most recently added first). */
export const DuplicatePatientErrorSchema = z.object({
  error: ErrorResponseSchema.shape.error.extend({
    code: z.literal('conflict'),
    duplicates: z.array(LikelyDuplicateSchema),
  }),
});
export type DuplicatePatientError = z.infer<typeof DuplicatePatientErrorSchema>;

/**
 * Staff add a patient to the clinic (spec §1: "registered by staff"). A patient who looks like
 * one the clinic has is not created silently: 409 names the likely duplicates, unless the body
 * says `confirm_duplicate: true`.
 */
export const registerPatientRoute = defineRoute({
  method: 'POST',
  path: '/clinic/patient/register',
  summary: 'Register a patient (staff)',
  tags: ['patients'],
  body: RegisterPatientBodySchema,
  response: { 201: PatientSchema },
  errors: { 409: DuplicatePatientErrorSchema },
});
