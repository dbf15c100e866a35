import { z } from 'zod';
import { defineRoute } from '../common/route';
import { BillingMonthNumberSchema, BillingYearSchema } from './billing-period';

export const BillingChartQuerySchema = z.object({
  year: BillingYearSchema,
  /** The last month to show figures for; later months of the year answer null. */
  current_month: BillingMonthNumberSchema,
});

export const BillingChartMonthSchema = z.object({
  month: z.number().int(),
  /** null for a month after `current_month`, in the future, or before the clinic existed. */
  units: z.number().int().nullable(),
  amount: z.number().nullable(),
  patients: z.number().int().nullable(),
});

export const BillingChartSchema = z.object({
  year: z.number().int(),
  currency: z.literal('USD'),
  months: z.array(BillingChartMonthSchema).length(12),
});
export type BillingChart = z.infer<typeof BillingChartSchema>;

/** The yearly billing chart (spec §3): units and expected dollars per month. */
export const billingChartRoute = defineRoute({
  method: 'GET',
  path: '/clinic/billing-chart',
  summary: 'Billing units and expected amounts per month of a year',
  tags: ['billing'],
  querystring: BillingChartQuerySchema,
  response: { 200: BillingChartSchema },
});
