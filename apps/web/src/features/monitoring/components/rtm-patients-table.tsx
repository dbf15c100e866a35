import type { RtmPatientMonth } from '@homestretch/contract/monitoring/rtm-month';
import { CheckCircle2, PhoneOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatClinicDate } from '../../../lib/clinic-time';
import { useIsMobile } from '../../../lib/device';
import { ScrollTable } from '../../../ui/scroll-table';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { displayIcd10Code } from '../../icd10/components/icd10-code';
import { DataDays } from './data-days';
import { RtmMinutesBar } from './rtm-minutes-bar';

function PatientName({ patient }: { patient: RtmPatientMonth }) {
  return (
    <>
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
    </>
  );
}

function Minutes({ patient }: { patient: RtmPatientMonth }) {
  return (
    <>
      <span className="tabular-nums text-ink">
        {patient.minutes} / {patient.next_threshold_minutes} min
      </span>
      <RtmMinutesBar
        minutes={patient.minutes}
        nextThreshold={patient.next_threshold_minutes}
        compact
      />
    </>
  );
}

function LiveCall({ patient, timeZone }: { patient: RtmPatientMonth; timeZone: string }) {
  return patient.last_call_at ? (
    <span className="inline-flex items-center gap-1 text-ink">
      <CheckCircle2 aria-hidden="true" className="size-4 text-success-700" />
      {formatClinicDate(patient.last_call_at, timeZone)}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-warning-700">
      <PhoneOff aria-hidden="true" className="size-4" />
      None yet
    </span>
  );
}

function Needs({ patient }: { patient: RtmPatientMonth }) {
  return patient.needs.map((need) => (
    <span key={need.kind} className="block">
      {need.text}
    </span>
  ));
}

/**
 * My RTM patients' month in rows: minutes against the next threshold, data days of the 30-day
 * interval, the live call, and what each still needs by when (domain/rtm.md: show exactly what
 * is billable now, what is missing and by when). On a phone each patient is a card, so what is
 * still needed is read without scrolling sideways (issue 30, item 9).
 */
export function RtmPatientsTable({
  patients,
  current,
}: {
  patients: readonly RtmPatientMonth[];
  current: boolean;
}) {
  const timeZone = useClinicTimeZone();
  const phone = useIsMobile();
  if (phone) {
    return (
      <ul aria-label="My RTM patients this month" className="divide-y divide-line text-sm">
        {patients.map((patient) => (
          <li key={patient.id} className="flex flex-col gap-2 py-3">
            <div>
              <PatientName patient={patient} />
            </div>
            <div>
              <Minutes patient={patient} />
            </div>
            <dl className="grid grid-cols-2 gap-2">
              <div>
                <dt className="text-xs text-ink-subtle">Days with data</dt>
                <dd className="tabular-nums text-ink">
                  <DataDays interval={patient.interval} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ink-subtle">Live call</dt>
                <dd>
                  <LiveCall patient={patient} timeZone={timeZone} />
                </dd>
              </div>
            </dl>
            {current && patient.needs.length > 0 && (
              <div className="text-ink-muted">
                <span className="block text-xs text-ink-subtle">Still needed</span>
                <Needs patient={patient} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }
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
                <PatientName patient={patient} />
              </td>
              <td className="w-40 py-2 pr-3">
                <Minutes patient={patient} />
              </td>
              <td className="py-2 pr-3 tabular-nums text-ink">
                <DataDays interval={patient.interval} />
              </td>
              <td className="py-2 pr-3">
                <LiveCall patient={patient} timeZone={timeZone} />
              </td>
              {current && (
                <td className="py-2 text-ink-muted">
                  <Needs patient={patient} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
