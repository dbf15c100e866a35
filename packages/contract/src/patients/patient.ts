import { z } from 'zod';
import { PatientStatusSchema, RoleSchema } from '../common/enums';
import {
  EmailSchema,
  Icd10CodeSchema,
  IdParamSchema,
  IdParamsSchema,
  IdSchema,
  PastIsoDateSchema,
  PersonNameSchema,
} from '../common/fields';
import { PhoneSchema } from '../common/phone';

export const GENDERS = ['female', 'male', 'other', 'undisclosed'] as const;
export const GenderSchema = z.enum(GENDERS, { error: `Gender is one of ${GENDERS.join(', ')}` });

/** How each gender reads, for staff and patients alike. */
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  undisclosed: 'Prefer not to say',
};

/** A staff member as a patient's record names them. */
export const TherapistRefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
});
export type TherapistRef = z.infer<typeof TherapistRefSchema>;

/**
 * spec §3 Patient, as the roster and the record show it. `selected_code` is the ICD-10-CM code
 * without its dot (M5450 = M54.50); `diagnosis` is its words, or free text. Both are clinical:
 * they are left out (absent, not null) of every answer to an office manager, who runs the front
 * desk without clinical data. Dates are `YYYY-MM-DD`, instants ISO 8601 in UTC.
 */
export const PatientSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  birthday: z.string().nullable(),
  diagnosis: z.string().nullable().optional(),
  selected_code: z.string().nullable().optional(),
  is_rtm_covered: z.boolean(),
  status: PatientStatusSchema,
  clinic_code: z.string(),
  /** The patient has an app login (QR registration). */
  has_app_account: z.boolean(),
  therapists: z.array(TherapistRefSchema),
  onboarded_at: z.string().nullable(),
  discharged_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  app_reminder_sent_at: z.string().nullable(),
  created_at: z.string(),
  /**
   * The episodes of care that ended before a re-onboarding, oldest first (onboarded_at and
   * discharged_at are the one now). On the record (GET /api/v1/patients/:id/) only.
   */
  earlier_episodes: z
    .array(z.object({ onboarded_at: z.string(), discharged_at: z.string() }))
    .optional(),
});
export type Patient = z.infer<typeof PatientSchema>;

/** From 1900, and not in the future (the server checks both). */
export const BirthdaySchema = PastIsoDateSchema;

/** Whole-number ids of staff, at most a handful per patient. */
export const TherapistIdsSchema = z
  .array(IdSchema)
  .max(20, 'At most 20 therapists')
  .refine((ids) => new Set(ids).size === ids.length, 'A therapist is listed twice');

/**
 * The demographic and diagnosis fields staff fill in. For the optional ones, leaving a field out
 * keeps what is stored and `null` clears it. An office manager sending `diagnosis` or
 * `selected_code` (even null) gets 403: the diagnosis is clinical.
 */
export const PatientFieldsSchema = z.strictObject({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  gender: GenderSchema.nullable().optional(),
  phone: PhoneSchema.nullable().optional(),
  email: EmailSchema.nullable().optional(),
  birthday: BirthdaySchema.nullable().optional(),
  diagnosis: z.string().trim().max(300, 'Must be at most 300 characters').nullable().optional(),
  selected_code: Icd10CodeSchema.nullable().optional(),
  is_rtm_covered: z.boolean().optional(),
});
export type PatientFields = z.input<typeof PatientFieldsSchema>;

export const PatientIdParamsSchema = IdParamsSchema;

/** Routes of the record that spec §7 addresses by `{patientId}`. */
export const PatientIdPathSchema = z.object({
  patientId: IdParamSchema,
});
