import { z } from 'zod';
import { PageQuerySchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { BillingPeriodSchema } from './billing-period';
import { RtmBillableSchema, RtmCodeSchema, RtmNotBillableSchema } from './rtm-case';

/** A billable line with what the clinic's fee schedule expects for it (null: no fee that year). */
export const BillingLineSchema = RtmBillableSchema.extend({
  amount: z.number().nullable(),
});
export type BillingLine = z.infer<typeof BillingLineSchema>;

export const BILLING_PATIENT_FILTERS = ['all', 'billable', 'missing'] as const;

export const BillingUnitsQuerySchema = BillingPeriodSchema.extend(PageQuerySchema.shape).extend({
  /** billable: patients with a line to bill; missing: patients with something still missing. */
  filter: z.enum(BILLING_PATIENT_FILTERS).default('all'),
  search: z.string().trim().max(100, 'Search is at most 100 characters').optional(),
});
export type BillingUnitsQuery = z.input<typeof BillingUnitsQuerySchema>;

export const BillingCodeTotalSchema = z.object({
  code: RtmCodeSchema,
  units: z.number().int(),
  patients: z.number().int(),
  amount: z.number().nullable(),
});
export type BillingCodeTotal = z.infer<typeof BillingCodeTotalSchema>;

export const BillingPatientSchema = z.object({
  patient: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    is_rtm_covered: z.boolean(),
  }),
  billable: z.array(BillingLineSchema),
  /**
   * Lines already earned whose date of service is after today in the clinic's zone (a 30-day
   * period with its days in that ends later this month): not billed, counted nor in the billing
   * file until that day, since a claim cannot be dated in the future.
   */
  upcoming: z.array(BillingLineSchema),
  not_billable: z.array(RtmNotBillableSchema),
  amount: z.number(),
});
export type BillingPatient = z.infer<typeof BillingPatientSchema>;

export const BillingUnitsSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  period: z.string(),
  currency: z.literal('USD'),
  /** When the figures were computed from the records (they are recomputed every few minutes). */
  computed_at: z.iso.datetime({ offset: true }),
  /** Whether the month is over in the clinic's zone: what is missing can no longer be done. */
  closed: z.boolean(),
  totals: z.array(BillingCodeTotalSchema),
  total_units: z.number().int(),
  total_amount: z.number(),
  /** RTM-covered patients with activity in the month, 25 a page, most to bill first. */
  patients: z.object({
    results: z.array(BillingPatientSchema),
    count: z.number().int(),
  }),
});
export type BillingUnits = z.infer<typeof BillingUnitsSchema>;

/**
 * The clinic's billing units for a month (spec §7): per code and per patient, each line with its
 * reasons, and for each patient what is still missing and by when (domain/rtm.md). 422 for a month
 * in the future or before the clinic existed.
 */
export const billingUnitsRoute = defineRoute({
  method: 'GET',
  path: '/clinic/billing-units',
  summary: "The clinic's billing units for a month",
  tags: ['billing'],
  querystring: BillingUnitsQuerySchema,
  response: { 200: BillingUnitsSchema },
});
