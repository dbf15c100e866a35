import { DATE_FORMAT } from '@homestretch/contract/common/constants';
import { format, isValid, parseISO } from 'date-fns';

/**
 * Spec §9 writes the format in moment.js tokens ('MMM D, YYYY'); date-fns reads 'D' as day of
 * year and 'YYYY' as week-numbering year, so translate to 'MMM d, yyyy' rather than pass it on.
 */
export const DATE_FNS_FORMAT = DATE_FORMAT.replace(/Y/g, 'y').replace(/D/g, 'd');

/**
 * Formats a date as 'Mar 5, 2026' (spec §9). For a string, any time part after 'T' is dropped
 * first and the remaining 'YYYY-MM-DD' is read as a calendar day in local time, so neither a
 * UTC offset in the time part nor the viewer's time zone can move it to another day.
 * A Date object is shown in local time. Unreadable input is returned as-is (a string) or as ''
 * (an invalid Date) rather than as "Invalid Date".
 */
export function formatDate(value: string | Date): string {
  if (value instanceof Date) {
    return isValid(value) ? format(value, DATE_FNS_FORMAT) : '';
  }
  const datePart = value.split('T')[0]?.trim() ?? '';
  const parsed = parseISO(datePart);
  return isValid(parsed) ? format(parsed, DATE_FNS_FORMAT) : value;
}

/** The local calendar day of `date` as 'YYYY-MM-DD', the shape the API uses for dates. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
