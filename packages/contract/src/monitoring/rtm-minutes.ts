/**
 * The treatment-management thresholds of a calendar month (domain/rtm.md): 98979 at 10 minutes,
 * 98980 at 20, and one 98981 for each further full 20 (40, 60, …). Both apps count by these.
 */
export const RTM_FIRST_THRESHOLD_MINUTES = 10;
export const RTM_MAIN_THRESHOLD_MINUTES = 20;
export const RTM_ADD_ON_MINUTES = 20;

/** Whole minutes of `seconds`: a claim counts full minutes only. */
export function wholeMinutes(seconds: number): number {
  return Math.floor(Math.max(0, seconds) / 60);
}

/** The next threshold above `seconds` of monitoring this month: 10, 20, 40, 60, … minutes. */
export function nextThresholdMinutes(seconds: number): number {
  const minutes = wholeMinutes(seconds);
  if (minutes < RTM_FIRST_THRESHOLD_MINUTES) {
    return RTM_FIRST_THRESHOLD_MINUTES;
  }
  if (minutes < RTM_MAIN_THRESHOLD_MINUTES) {
    return RTM_MAIN_THRESHOLD_MINUTES;
  }
  return (Math.floor(minutes / RTM_ADD_ON_MINUTES) + 1) * RTM_ADD_ON_MINUTES;
}

/** Minutes still to spend to reach the next threshold; a part minute left counts as one. */
export function remainingMinutes(seconds: number): number {
  return Math.ceil((nextThresholdMinutes(seconds) * 60 - Math.max(0, seconds)) / 60);
}

/** Device supply in a 30-day interval: 98977 from 16 days with data, 98985 from 2 (domain/rtm.md). */
export const RTM_DATA_DAYS_FULL = 16;
export const RTM_DATA_DAYS_MIN = 2;

/** Device-supply data days count in 30-day intervals from the day monitoring starts. */
export const RTM_DATA_INTERVAL_DAYS = 30;
