import type { Patient } from '@homestretch/contract/patients/patient';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../../config/paths';
import { cx } from '../../../../ui/cx';
import { formatDate } from '../../../../ui/format-date';
import { Tooltip } from '../../../../ui/tooltip';
import { displayIcd10Code } from '../../../icd10/components/icd10-code';
import { fullName, isRtmBillable, therapistNames } from './patient-labels';
import { RowActions, type RowAction } from '../../../../ui/row-actions';

export interface PatientRosterProps {
  patients: readonly Patient[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  /** Whether rows can be chosen for a discharge: the front desk's, not a supervisor's. */
  selectable: boolean;
  /** Office managers see the roster but never open a record (spec §2 tooltip). */
  canOpen: boolean;
  /** The diagnosis column: clinicians only (patient-labels.ts, seesClinicalData). */
  clinical: boolean;
  actionsFor: (patient: Patient) => RowAction[];
  /** Phones get one card per patient instead of the wide table. */
  compact: boolean;
}

/** An instant, shown as the viewer's day (the UTC date its ISO string starts with can be the next). */
const lastActivity = (instant: string) => formatDate(new Date(instant));

function RtmMarker() {
  return (
    <span className="inline-flex h-6 items-center rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
      RTM<span className="sr-only"> covered</span>
    </span>
  );
}

function StatusMarker({ patient }: { patient: Patient }) {
  if (patient.status === 'discharged') {
    return (
      <span className="inline-flex h-6 items-center rounded-full bg-canvas px-2 text-xs font-medium text-ink-muted ring-1 ring-line-strong">
        Discharged
      </span>
    );
  }
  if (patient.onboarded_at === null) {
    return (
      <span className="inline-flex h-6 items-center rounded-full bg-warning-50 px-2 text-xs font-medium text-warning-700 ring-1 ring-warning-100">
        Not onboarded
      </span>
    );
  }
  return null;
}

function Diagnosis({ patient }: { patient: Patient }) {
  if (!patient.diagnosis && !patient.selected_code) {
    return <span className="text-ink-muted">No diagnosis yet</span>;
  }
  return (
    <span>
      {patient.selected_code && (
        <span className="mr-1.5 font-mono text-xs font-semibold text-brand-800">
          {displayIcd10Code(patient.selected_code)}
        </span>
      )}
      {patient.diagnosis}
    </span>
  );
}

function PatientName({ patient, canOpen }: { patient: Patient; canOpen: boolean }) {
  const name = fullName(patient);
  if (canOpen) {
    return (
      <Link
        to={paths.patientDashboard(patient.id)}
        className="rounded-control font-medium text-brand-800 hover:underline"
      >
        {name}
      </Link>
    );
  }
  return (
    <Tooltip placement="bottom">
      <button
        type="button"
        aria-disabled="true"
        className="cursor-not-allowed rounded-control text-left font-medium text-ink"
      >
        {name}
      </button>
    </Tooltip>
  );
}

function SelectBox({
  patient,
  selected,
  onToggle,
}: {
  patient: Patient;
  selected: boolean;
  onToggle: (id: number, checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${fullName(patient)}`}
      className="size-4 accent-brand-700"
      checked={selected}
      onChange={(event) => onToggle(patient.id, event.target.checked)}
    />
  );
}

/** A click on the row opens the record, unless it landed on one of the row's own controls. */
function isOnControl(event: MouseEvent<HTMLElement>): boolean {
  return (event.target as HTMLElement).closest('a, button, input, label, ul') !== null;
}

export function PatientRoster({
  patients,
  selected,
  onToggle,
  onToggleAll,
  selectable,
  canOpen,
  clinical,
  actionsFor,
  compact,
}: PatientRosterProps) {
  const navigate = useNavigate();
  const allSelected = patients.length > 0 && patients.every((patient) => selected.has(patient.id));
  const someSelected = patients.some((patient) => selected.has(patient.id));
  const open = (event: MouseEvent<HTMLElement>, patient: Patient) => {
    if (canOpen && !isOnControl(event)) {
      void navigate(paths.patientDashboard(patient.id));
    }
  };

  if (compact) {
    return (
      <ul className="flex flex-col gap-3" aria-label="Patients">
        {patients.map((patient) => (
          <li
            key={patient.id}
            onClick={(event) => open(event, patient)}
            className={cx(
              'flex gap-3 rounded-card border border-line bg-surface p-4 shadow-card',
              canOpen && 'cursor-pointer',
            )}
          >
            {selectable && (
              <div className="pt-0.5">
                <SelectBox
                  patient={patient}
                  selected={selected.has(patient.id)}
                  onToggle={onToggle}
                />
              </div>
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <PatientName patient={patient} canOpen={canOpen} />
                {isRtmBillable(patient) && <RtmMarker />}
                <StatusMarker patient={patient} />
              </div>
              {clinical && (
                <p className="text-sm text-ink">
                  <Diagnosis patient={patient} />
                </p>
              )}
              {/* Birth date and last activity tell namesakes apart, as the table's columns do. */}
              <p className="flex flex-wrap gap-x-3 text-sm text-ink-muted">
                <span className="whitespace-nowrap">
                  {patient.birthday
                    ? `Born ${formatDate(patient.birthday)}`
                    : 'Birth date not recorded'}
                </span>
                <span className="whitespace-nowrap">
                  Last activity:{' '}
                  {patient.last_activity_at ? lastActivity(patient.last_activity_at) : 'none yet'}
                </span>
              </p>
              <p className="text-sm text-ink-muted">
                {patient.therapists.length > 0
                  ? therapistNames(patient.therapists)
                  : 'No therapist assigned'}
              </p>
            </div>
            <div className="-mt-2 -mr-2">
              <RowActions
                label={`Actions for ${fullName(patient)}`}
                actions={actionsFor(patient)}
              />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Patients</caption>
        <thead className="border-b border-line bg-canvas text-xs font-semibold text-ink-muted uppercase">
          <tr>
            {selectable && (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all patients on this page"
                  className="size-4 accent-brand-700"
                  checked={allSelected}
                  ref={(element) => {
                    if (element) {
                      element.indeterminate = someSelected && !allSelected;
                    }
                  }}
                  onChange={(event) => onToggleAll(event.target.checked)}
                />
              </th>
            )}
            <th scope="col" className="px-4 py-3">
              Patient
            </th>
            {clinical && (
              <th scope="col" className="px-4 py-3">
                Diagnosis
              </th>
            )}
            <th scope="col" className="px-4 py-3">
              Therapists
            </th>
            <th scope="col" className="px-4 py-3 whitespace-nowrap">
              Last activity
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {patients.map((patient) => (
            <tr
              key={patient.id}
              onClick={(event) => open(event, patient)}
              className={cx(
                selected.has(patient.id) ? 'bg-brand-50/60' : 'hover:bg-canvas',
                canOpen && 'cursor-pointer',
              )}
            >
              {selectable && (
                <td className="px-4 py-3">
                  <SelectBox
                    patient={patient}
                    selected={selected.has(patient.id)}
                    onToggle={onToggle}
                  />
                </td>
              )}
              <td className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <PatientName patient={patient} canOpen={canOpen} />
                  {isRtmBillable(patient) && <RtmMarker />}
                  <StatusMarker patient={patient} />
                </div>
                {patient.birthday && (
                  <p className="mt-0.5 text-xs text-ink-muted">
                    Born {formatDate(patient.birthday)}
                  </p>
                )}
              </td>
              {clinical && (
                <td className="max-w-72 px-4 py-3 text-ink">
                  <Diagnosis patient={patient} />
                </td>
              )}
              <td className="px-4 py-3 text-ink-muted">
                {patient.therapists.length > 0 ? therapistNames(patient.therapists) : '—'}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-muted">
                {patient.last_activity_at ? lastActivity(patient.last_activity_at) : 'None yet'}
              </td>
              <td className="px-2 py-1 text-right">
                <RowActions
                  label={`Actions for ${fullName(patient)}`}
                  actions={actionsFor(patient)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
