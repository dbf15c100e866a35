import { z } from 'zod';

/** A billing month in a query string or path: `month` 1–12 and a four-digit `year`. */
export const BillingMonthNumberSchema = z.coerce
  .number({ error: 'month is a number from 1 to 12' })
  .int('month is a whole number')
  .min(1, 'month is from 1 to 12')
  .max(12, 'month is from 1 to 12');

export const BillingYearSchema = z.coerce
  .number({ error: 'year is a four-digit number' })
  .int('year is a whole number')
  .min(2000, 'year is from 2000')
  .max(2100, 'year is at most 2100');

export const BillingPeriodSchema = z.object({
  month: BillingMonthNumberSchema,
  year: BillingYearSchema,
});
export type BillingPeriod = z.infer<typeof BillingPeriodSchema>;

/** `2026-11`: the period tag of spec §9. */
export function periodTag({ month, year }: BillingPeriod): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}
