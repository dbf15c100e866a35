import type { BillingPeriod } from '@homestretch/contract/billing/billing-period';
import type { BillingUnitsQuery } from '@homestretch/contract/billing/billing-units';

/**
 * Query keys of the billing feature (one factory per feature). An upload changes the month's
 * check and the list of files; saving the billing info changes only the info.
 */
export const billingKeys = {
  all: ['billing'] as const,
  units: (query: BillingUnitsQuery) => [...billingKeys.all, 'units', query] as const,
  patient: (patientId: number, period: BillingPeriod) =>
    [...billingKeys.all, 'patient', patientId, period] as const,
  chart: (year: number, currentMonth: number) =>
    [...billingKeys.all, 'chart', year, currentMonth] as const,
  info: (code: string) => [...billingKeys.all, 'info', code] as const,
  files: () => [...billingKeys.all, 'files'] as const,
  fileCheck: (period: BillingPeriod) => [...billingKeys.files(), 'check', period] as const,
  fileList: () => [...billingKeys.files(), 'list'] as const,
};
