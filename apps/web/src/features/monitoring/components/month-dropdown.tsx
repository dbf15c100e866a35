import { useMemo, useState } from 'react';
import { clinicToday } from '../../../lib/clinic-calendar';
import { Dropdown } from '../../../ui/dropdown';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { recentMonths } from '../../../lib/month-options';

/**
 * The month a monitoring view shows: the clinic's current one first. `month` is undefined for
 * the current month, as the API reads it, so a view refreshed at midnight follows the new month.
 */
export function useMonthChoice() {
  const timeZone = useClinicTimeZone();
  const months = useMemo(() => recentMonths(clinicToday(timeZone)), [timeZone]);
  const [chosen, setChosen] = useState(months[0]?.value ?? '');
  const current = chosen === months[0]?.value;
  return { months, chosen, setChosen, current, month: current ? undefined : chosen };
}

export function MonthDropdown({
  choice,
  className,
}: {
  choice: ReturnType<typeof useMonthChoice>;
  className?: string;
}) {
  return (
    <Dropdown
      label="Month"
      hideLabel
      options={choice.months}
      value={choice.chosen}
      onChange={choice.setChosen}
      buttonClassName={className}
    />
  );
}
