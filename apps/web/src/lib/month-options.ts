import { format } from 'date-fns';

/**
 * The clinic's current month and the two before it, newest first ('2026-11' → 'November 2026'):
 * short enough for a panel's header on a phone.
 */
export function recentMonths(today: Date, count = 3): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, back) => {
    const month = new Date(today.getFullYear(), today.getMonth() - back, 1);
    return { value: format(month, 'yyyy-MM'), label: format(month, 'MMMM yyyy') };
  });
}
