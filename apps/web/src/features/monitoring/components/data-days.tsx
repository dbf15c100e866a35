import type { RtmPatientMonth } from '@homestretch/contract/monitoring/rtm-month';
import { RTM_DATA_DAYS_FULL as FULL_DATA_DAYS } from '@homestretch/contract/monitoring/rtm-minutes';
import { CheckCircle2 } from 'lucide-react';

export const NO_DATA_YET = 'No data in this episode yet';

/**
 * Days with data in the current interval: "8 of 16", or the count with a check once 16 are in.
 * No interval yet: the episode has no day with data (a patient re-onboarded today was called
 * "Not onboarded yet").
 */
export function DataDays({ interval }: { interval: RtmPatientMonth['interval'] }) {
  if (!interval) {
    return <>{NO_DATA_YET}</>;
  }
  if (interval.data_days >= FULL_DATA_DAYS) {
    return (
      <span className="inline-flex items-center gap-1">
        <CheckCircle2 aria-hidden="true" className="size-4 text-success-700" />
        {interval.data_days} days
      </span>
    );
  }
  return (
    <>
      {interval.data_days} of {FULL_DATA_DAYS}
    </>
  );
}
