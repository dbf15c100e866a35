import { ROLE_LABELS } from '@homestretch/contract/common/enums';
import type { Patient } from '@homestretch/contract/patients/patient';
import { ArrowLeft, Pencil } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { errorMessage } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { cx } from '../../../../ui/cx';
import { formatDate } from '../../../../ui/format-date';
import { notify } from '../../../../ui/toasts';
import { useUpdateRtmCoverage } from '../../api/update-rtm-coverage';
import { isRtmBillable } from '../roster/patient-labels';
import { PatientContact } from './patient-contact';
import { formatClinicDate, formatClinicDateTime } from '../../../../lib/clinic-time';
import { ageOn } from '../../../../lib/record-format';
import { useClinicTimeZone } from '../../../auth/api/current-user';
import { displayIcd10Code } from '../../../icd10/components/icd10-code';

// The details form (react-hook-form, the phone and address fields) loads when "Edit details" is
// pressed, not with every record (issue 29).
const EditPatientModal = lazy(async () => ({
  default: (await import('../details/edit-patient-modal')).EditPatientModal,
}));

/**
 * domain/rtm.md: only patients whose coverage flag is on are billable, and only within an episode
 * of care. Discharge ends coverage on the server; the switch stays off and locked until the
 * patient is re-onboarded, even for a record discharged before discharge cleared the flag.
 */
function coverageHint(discharged: boolean, covered: boolean): string {
  if (discharged) {
    return 'Discharged — not billable';
  }
  return covered ? 'Billable for remote monitoring' : 'Not billed for remote monitoring';
}

function RtmCoverageSwitch({ patient }: { patient: Patient }) {
  const update = useUpdateRtmCoverage(patient.id);
  const labelId = useId();
  const hintId = useId();
  const discharged = patient.status !== 'active';
  const checked = update.isPending ? Boolean(update.variables) : isRtmBillable(patient);
  const toggle = () =>
    update.mutate(!patient.is_rtm_covered, {
      onSuccess: (next) =>
        notify.success(next.is_rtm_covered ? 'RTM coverage turned on' : 'RTM coverage turned off'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <div className="flex shrink-0 items-center gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={discharged || update.isPending}
        onClick={toggle}
        className={cx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
          checked ? 'bg-brand-700' : 'bg-line-strong',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'inline-block size-5 rounded-full bg-surface shadow-card transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
      <div className="flex flex-col">
        <span id={labelId} className="text-sm font-medium text-ink">
          RTM coverage
        </span>
        <span id={hintId} className="text-sm whitespace-nowrap text-ink-muted">
          {coverageHint(discharged, checked)}
        </span>
      </div>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-ink-subtle uppercase">{term}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * Who the patient is, their diagnosis and care team, coverage and when they were last active.
 * Not `editable` for a supervisor: coverage and details are the clinic's to change (docs/decisions/016).
 */
export function PatientHeader({
  patient,
  today,
  editable,
  call,
}: {
  patient: Patient;
  today: Date;
  editable: boolean;
  /** Phoning and messaging the patient, for those who treat (voice CallButton, chat Message). */
  call?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const timeZone = useClinicTimeZone();
  const age = ageOn(patient.birthday, today);
  const therapists = patient.therapists
    .map((t) => `${t.first_name} ${t.last_name} (${ROLE_LABELS[t.role]})`)
    .join(', ');
  return (
    <section
      aria-label="Patient"
      className="rounded-card border border-line bg-surface p-4 shadow-card md:p-5"
    >
      <Link
        to={paths.patientList()}
        className="mb-2 inline-flex min-h-10 items-center gap-1 rounded-control text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Patients
      </Link>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold text-ink">
              {patient.first_name} {patient.last_name}
            </h1>
            {patient.status !== 'active' && (
              <span className="rounded-full bg-warning-100 px-2 py-0.5 text-xs font-semibold text-warning-700 capitalize">
                {patient.status}
              </span>
            )}
          </div>
          <dl className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
            <Fact term="Age">
              {age === null
                ? 'Not recorded'
                : `${age} years (born ${formatDate(patient.birthday ?? '')})`}
            </Fact>
            <Fact term="Diagnosis">
              {patient.diagnosis ?? (patient.selected_code ? '' : 'Not recorded')}
              {patient.selected_code && (
                <span className="ml-1 rounded-control bg-canvas px-1.5 py-0.5 font-mono text-xs text-ink-muted">
                  {displayIcd10Code(patient.selected_code)}
                </span>
              )}
            </Fact>
            <Fact term="Contact">
              <PatientContact patient={patient} />
              {call && <div className="mt-1">{call}</div>}
            </Fact>
            <Fact term="Therapists">{therapists || 'No therapist assigned'}</Fact>
            {patient.earlier_episodes && patient.earlier_episodes.length > 0 && (
              <Fact term="Earlier care">
                {patient.earlier_episodes.map((episode) => (
                  <span key={episode.onboarded_at} className="block">
                    {formatClinicDate(episode.onboarded_at, timeZone)} –{' '}
                    {formatClinicDate(episode.discharged_at, timeZone)}
                  </span>
                ))}
              </Fact>
            )}
            <Fact term="Last activity">
              {patient.last_activity_at
                ? formatClinicDateTime(patient.last_activity_at, timeZone)
                : 'No activity yet'}
            </Fact>
            {!editable && (
              <Fact term="RTM coverage">
                {coverageHint(patient.status !== 'active', isRtmBillable(patient))}
              </Fact>
            )}
          </dl>
        </div>
        {editable && (
          <div className="flex shrink-0 flex-col items-start gap-4 lg:items-end">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit details
            </Button>
            <RtmCoverageSwitch patient={patient} />
          </div>
        )}
      </div>
      {editing && (
        <Suspense fallback={null}>
          <EditPatientModal patient={patient} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </section>
  );
}
