import { useMemo } from 'react';
import { clinicToday } from '../../../lib/clinic-calendar';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { recentMonths } from '../../../lib/month-options';

/** How far back the month pickers reach: a year of claims, whose files clinics re-download. */
export const BILLING_MONTHS_BACK = 12;

/**
 * The months billing can show, the clinic's current one first and nothing in the future
 * (`2026-11` → 'November 2026').
 */
export function useBillingMonths(): { value: string; label: string }[] {
  const timeZone = useClinicTimeZone();
  return useMemo(() => recentMonths(clinicToday(timeZone), BILLING_MONTHS_BACK), [timeZone]);
}
