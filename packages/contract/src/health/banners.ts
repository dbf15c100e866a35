import { z } from 'zod';
import { BANNER_MAX_SNOOZE_DAYS } from '../common/constants';
import { BannerSchema } from '../common/enums';
import { EmptyResponseSchema } from '../common/fields';
import { PaginatedSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { PatientIdPathSchema } from '../patients/patient';

export const BannerSnoozeSchema = z.object({
  banner: BannerSchema,
  snoozed_until: z.string(),
});
export type BannerSnooze = z.infer<typeof BannerSnoozeSchema>;

/** A banner the record shows now (not snoozed by the caller). */
export const ActiveBannerSchema = z.object({
  banner: BannerSchema,
  title: z.string(),
  message: z.string(),
});
export type ActiveBanner = z.infer<typeof ActiveBannerSchema>;

/** The caller's live snoozes for this patient. */
export const listBannerSnoozesRoute = defineRoute({
  method: 'GET',
  path: '/user/therapist/banners/:patientId/snoozes',
  summary: "The caller's snoozed banners for a patient",
  tags: ['health'],
  params: PatientIdPathSchema,
  response: { 200: PaginatedSchema(BannerSnoozeSchema) },
});

export const SnoozeBannerBodySchema = z
  .strictObject({
    days: z
      .number()
      .int('Must be a whole number')
      .min(1, 'At least one day')
      .max(BANNER_MAX_SNOOZE_DAYS, `At most ${BANNER_MAX_SNOOZE_DAYS} days`)
      .optional(),
  })
  .nullish();
export type SnoozeBannerBody = z.input<typeof SnoozeBannerBodySchema>;

/**
 * Hides the banner for the caller for 7 days (or `days`); snoozing again moves the end. A snooze
 * never outlasts the deadline its banner is about: "Call due" is back as the month's last day
 * begins (in the clinic's time zone), while a call still counts for the month.
 */
export const snoozeBannerRoute = defineRoute({
  method: 'POST',
  path: '/user/therapist/banners/:patientId/:banner/snooze',
  summary: 'Snooze a banner on the patient record',
  tags: ['health'],
  params: PatientIdPathSchema.extend({ banner: BannerSchema }),
  body: SnoozeBannerBodySchema,
  response: { 200: BannerSnoozeSchema },
});

/** Lifts the caller's snooze: the banner shows again while the data calls for it. */
export const unsnoozeBannerRoute = defineRoute({
  method: 'DELETE',
  path: '/user/therapist/banners/:patientId/:banner/snooze',
  summary: 'Lift a snooze on the patient record (show the banner again)',
  tags: ['health'],
  params: PatientIdPathSchema.extend({ banner: BannerSchema }),
  response: { 200: EmptyResponseSchema },
});

/** The banners the record shows the caller now: computed from the data, minus their snoozes. */
export const listBannersRoute = defineRoute({
  method: 'GET',
  path: '/user/therapist/banners/:patientId',
  summary: 'Banners to show on the patient record',
  tags: ['health'],
  params: PatientIdPathSchema,
  response: { 200: PaginatedSchema(ActiveBannerSchema) },
});
