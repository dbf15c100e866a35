import type { RtmPatientMonth } from '@homestretch/contract/monitoring/rtm-month';
import { CheckCircle2, PhoneOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatClinicDate } from '../../../lib/clinic-time';
import { ScrollTable } from '../../../ui/scroll-table';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { displayIcd10Code } from '../../icd10/components/icd10-code';
import { DataDays } from './data-days';
import { RtmMinutesBar } from './rtm-minutes-bar';

/**
 * My RTM patients' month in rows: minutes against the next threshold, data days of the 30-day
 * interval, the live call, and what each still needs by when (domain/rtm.md: show exactly what
 * is billable now, what is missing and by when).
 */
export function RtmPatientsTable({
  patients,
  current,
}: {
  patients: readonly RtmPatientMonth[];
  current: boolean;
}) {
  const timeZone = useClinicTimeZone();
  return (
    <ScrollTable label="My RTM patients this month">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-ink-subtle">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Patient
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Minutes
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Days with data
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Live call
            </th>
            {current && (
              <th scope="col" className="py-2 font-medium">
                Still needed
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {patients.map((patient) => (
            <tr key={patient.id} className="align-top">
              <td className="py-2 pr-3">
                <Link
                  to={paths.patientDashboard(patient.id)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {patient.first_name} {patient.last_name}
                </Link>
                {patient.selected_code && (
                  <span className="block text-xs text-ink-subtle">
                    {displayIcd10Code(patient.selected_code)}
                  </span>
                )}
              </td>
              <td className="w-40 py-2 pr-3">
                <span className="tabular-nums text-ink">
                  {patient.minutes} / {patient.next_threshold_minutes} min
                </span>
                <RtmMinutesBar
                  minutes={patient.minutes}
                  nextThreshold={patient.next_threshold_minutes}
                  compact
                />
              </td>
              <td className="py-2 pr-3 tabular-nums text-ink">
                <DataDays interval={patient.interval} />
              </td>
              <td className="py-2 pr-3">
                {patient.last_call_at ? (
                  <span className="inline-flex items-center gap-1 text-ink">
                    <CheckCircle2 aria-hidden="true" className="size-4 text-success-700" />
                    {formatClinicDate(patient.last_call_at, timeZone)}
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-warning-700">
                    <PhoneOff aria-hidden="true" className="size-4" />
                    None yet
                  </span>
                )}
              </td>
              {current && (
                <td className="py-2 text-ink-muted">
                  {patient.needs.map((need) => (
                    <span key={need.kind} className="block">
                      {need.text}
                    </span>
                  ))}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
