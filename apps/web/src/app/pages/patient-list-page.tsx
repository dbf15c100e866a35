import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import type { Patient } from '@homestretch/contract/patients/patient';
import type { User } from '@homestretch/contract/users/user';
import { QrCode, UserPlus, UserSearch, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../lib/device';
import { errorMessage, fieldErrors } from '../../lib/error-messages';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import { Dropdown } from '../../ui/dropdown';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Pager, pageCount } from '../../ui/pager';
import { Spinner } from '../../ui/spinner';
import { notify } from '../../ui/toasts';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useDischargePatients } from '../../features/patients/api/discharge-patients';
import { usePatients } from '../../features/patients/api/get-patients';
import { useRemovePatient } from '../../features/patients/api/remove-patient';
import { useSendAppReminder } from '../../features/patients/api/send-app-reminder';
import { EditPatientModal } from '../../features/patients/components/details/edit-patient-modal';
import { ChangeTherapistsModal } from '../../features/patients/components/roster/change-therapists-modal';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { OnboardPatientModal } from '../../features/patients/components/roster/onboard-patient-modal';
import {
  canOpenRecord,
  fullName,
  reminderErrorMessage,
  reminderSentMessage,
  runsFrontDesk,
  treatsPatients,
  seesClinicalData,
} from '../../features/patients/components/roster/patient-labels';
import { PatientRoster } from '../../features/patients/components/roster/patient-roster';
import { RegisterPatientModal } from '../../features/patients/components/roster/register-patient-modal';
import { PriorityMonitoringButton } from '../../features/monitoring/components/priority-monitoring-button';
import type { RowAction } from '../../ui/row-actions';
import {
  emptyRosterMessage,
  readRosterFilters,
  RTM_OPTIONS,
  STATUS_OPTIONS,
  toListQuery,
  writeRosterFilters,
  type RosterFilters,
} from '../../features/patients/components/roster/roster-filters';
import { TherapistFilterCombobox } from '../../features/patients/components/roster/therapist-filter-combobox';
import { SearchInput } from '../../ui/search-input';

// The QR library is only needed once someone prints a poster.
const QrPosterModal = lazy(async () => ({
  default: (await import('../../features/patients/components/roster/qr-poster-modal'))
    .QrPosterModal,
}));

type Dialog =
  | { kind: 'register' }
  | { kind: 'poster' }
  | { kind: 'discharge'; patients: Patient[] }
  | { kind: 'edit'; patient: Patient }
  | { kind: 'onboard'; patient: Patient }
  | { kind: 'therapists'; patient: Patient }
  | { kind: 'remove'; patient: Patient };

/** patient_list (/patients): the clinic's roster. Rendered under the route guard, so a user is loaded. */
export function PatientListPage() {
  const { data: user } = useCurrentUser();
  return user ? <PatientList user={user} /> : null;
}

function PatientList({ user }: { user: User }) {
  const compact = useIsMobile();
  const [params, setParams] = useSearchParams();
  const treats = treatsPatients(user.role);
  const filters = readRosterFilters(params, treats);
  const query = toListQuery(filters);
  const patients = usePatients(query);
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebouncedValue(searchText.trim());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Selection belongs to one page of one search: it is dropped whenever the list changes.
  const listKey = params.toString();
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: listKey,
    ids: new Set(),
  });
  const selected = selection.key === listKey ? selection.ids : new Set<number>();

  const update = (next: Partial<RosterFilters>, replace = false) =>
    setParams(writeRosterFilters({ ...filters, page: 1, ...next }), { replace });

  // The typed text reaches the address (and so the query) once typing pauses.
  const pushSearch = useEffectEvent((value: string) => {
    if (value !== filters.search) {
      setParams(writeRosterFilters({ ...filters, search: value, page: 1 }), { replace: true });
    }
  });
  useEffect(() => pushSearch(search), [search]);

  // The address changed under the box (back button, a link): the box follows it.
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    if (filters.search !== search) {
      setSearchText(filters.search);
    }
  }

  const discharge = useDischargePatients();
  const remove = useRemovePatient();
  const reminder = useSendAppReminder();

  const rows = patients.data?.results ?? [];
  const count = patients.data?.count ?? 0;
  // A broad search stops counting at SEARCH_COUNT_CAPPED_AT: "1,000+".
  const shownCount = `${count.toLocaleString('en-US')}${patients.data?.count_capped ? '+' : ''}`;
  const lastPage = Math.max(1, pageCount(count));

  // A discharge or removal can empty the last page; show the new last page instead.
  const toLastPage = useEffectEvent(() =>
    setParams(writeRosterFilters({ ...filters, page: lastPage }), { replace: true }),
  );
  const pastTheEnd = patients.isSuccess && !patients.isPlaceholderData && filters.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) {
      toLastPage();
    }
  }, [pastTheEnd]);
  const chosen = rows.filter((patient) => selected.has(patient.id));
  const dischargeable = chosen.filter((patient) => patient.status === 'active');
  const canOpen = canOpenRecord(user.role);
  const frontDesk = runsFrontDesk(user.role);
  const empty = emptyRosterMessage(filters);
  // A bookmarked or hand-edited therapist who no longer treats here: the server names the field.
  const unknownTherapist = patients.isError && 'therapist' in fieldErrors(patients.error);

  const setSelected = (ids: ReadonlySet<number>) => setSelection({ key: listKey, ids });
  const closeDialog = () => {
    discharge.reset();
    remove.reset();
    setDialog(null);
  };

  const sendReminder = (patient: Patient) =>
    reminder.mutate(patient.id, {
      onSuccess: (answer) => notify.success(reminderSentMessage(patient, answer.channel)),
      onError: (error) => notify.error(reminderErrorMessage(error)),
    });

  const frontDeskActions = (patient: Patient): RowAction[] => [
    { key: 'edit', label: 'Edit details', onSelect: () => setDialog({ kind: 'edit', patient }) },
    ...(treatsPatients(user.role)
      ? [
          {
            key: 'onboard',
            label: patient.onboarded_at === null ? 'Onboard' : 'Re-onboard',
            onSelect: () => setDialog({ kind: 'onboard', patient }),
          },
        ]
      : []),
    {
      key: 'therapists',
      label: 'Change therapists',
      onSelect: () => setDialog({ kind: 'therapists', patient }),
    },
    { key: 'reminder', label: 'Send app reminder', onSelect: () => sendReminder(patient) },
    {
      key: 'remove',
      label: 'Remove from roster',
      tone: 'danger',
      onSelect: () => setDialog({ kind: 'remove', patient }),
    },
  ];
  // A supervisor reads the roster and records; changing them is the front desk's (decisions/016).
  const actionsFor = (patient: Patient): RowAction[] =>
    frontDesk ? frontDeskActions(patient) : [];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Patients</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
            {patients.data
              ? `${shownCount} ${count === 1 ? 'patient' : 'patients'}`
              : 'Your clinic’s roster'}
            {patients.isFetching && patients.data && <Spinner size="sm" label="Updating" />}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <PriorityMonitoringButton />
          {frontDesk && (
            <>
              {user.code && (
                <Button variant="secondary" onClick={() => setDialog({ kind: 'poster' })}>
                  <QrCode aria-hidden="true" className="size-4" />
                  QR poster
                </Button>
              )}
              <Button onClick={() => setDialog({ kind: 'register' })}>
                <UserPlus aria-hidden="true" className="size-4" />
                Register patient
              </Button>
            </>
          )}
        </div>
      </div>

      <div
        role="search"
        aria-label="Find patients"
        className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card md:flex-row md:flex-wrap md:items-end"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1 md:min-w-64">
          <label htmlFor="patient-search" className="text-sm font-medium text-ink">
            Search
          </label>
          <SearchInput
            id="patient-search"
            placeholder={
              seesClinicalData(user.role)
                ? 'Name, phone, email, diagnosis or ICD-10 code'
                : 'Name, phone or email'
            }
            value={searchText}
            onChange={setSearchText}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex md:flex-wrap">
          <Dropdown
            label="Status"
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => update({ status })}
            buttonClassName="w-full md:w-48"
          />
          <TherapistFilterCombobox
            value={filters.therapist}
            onChange={(therapist) => update({ therapist })}
            caller={{ id: user.id, treats }}
            known={rows.flatMap((patient) => patient.therapists)}
            className="w-full md:w-56"
          />
          <Dropdown
            label="RTM coverage"
            options={RTM_OPTIONS}
            value={filters.rtm}
            onChange={(rtm) => update({ rtm })}
            buttonClassName="w-full md:w-44"
          />
        </div>
      </div>

      {chosen.length > 0 && (
        <div
          role="region"
          aria-label="Selected patients"
          className="flex flex-wrap items-center gap-3 rounded-card border border-brand-200 bg-brand-50 px-4 py-2"
        >
          <p className="text-sm font-medium text-brand-900">{chosen.length} selected</p>
          <Button
            variant="danger"
            size="sm"
            disabled={dischargeable.length === 0}
            onClick={() => setDialog({ kind: 'discharge', patients: dischargeable })}
          >
            Discharge
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}

      {patients.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading patients" />
        </div>
      ) : unknownTherapist ? (
        <div className="rounded-card border border-line bg-surface shadow-card">
          <EmptyState
            icon={UserSearch}
            title="This therapist is not on your clinic’s staff"
            description="They may have left the clinic, or the link is out of date."
            action={
              <Button variant="secondary" onClick={() => update({ therapist: 'all' })}>
                Show all therapists
              </Button>
            }
          />
        </div>
      ) : patients.isError && !patients.data ? (
        <ErrorState
          message={errorMessage(patients.error)}
          onRetry={() => void patients.refetch()}
          retrying={patients.isFetching}
        />
      ) : rows.length === 0 ? (
        <div className="rounded-card border border-line bg-surface shadow-card">
          <EmptyState
            icon={Users}
            title={empty.title}
            description={empty.description}
            action={
              empty.firstPatient && frontDesk ? (
                <Button onClick={() => setDialog({ kind: 'register' })}>
                  <UserPlus aria-hidden="true" className="size-4" />
                  Register patient
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : (
        <>
          <PatientRoster
            patients={rows}
            clinical={seesClinicalData(user.role)}
            selected={selected}
            onToggle={(id, checked) => {
              const next = new Set(selected);
              if (checked) {
                next.add(id);
              } else {
                next.delete(id);
              }
              setSelected(next);
            }}
            onToggleAll={(checked) =>
              setSelected(new Set(checked ? rows.map((patient) => patient.id) : []))
            }
            selectable={frontDesk}
            canOpen={canOpen}
            actionsFor={actionsFor}
            compact={compact}
          />
          <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
            <p className="text-sm text-ink-muted">
              {`Showing ${(filters.page - 1) * PAGE_SIZE + 1}–${Math.min(filters.page * PAGE_SIZE, count)} of ${shownCount}`}
            </p>
            <Pager
              page={filters.page}
              count={count}
              onChange={(page) => update({ page })}
              label="Patient pages"
            />
          </div>
        </>
      )}

      {dialog?.kind === 'register' && <RegisterPatientModal user={user} onClose={closeDialog} />}
      {dialog?.kind === 'poster' && user.code && (
        <Suspense fallback={<Spinner label="Opening the poster" />}>
          <QrPosterModal
            clinicCode={user.code}
            clinicName={user.clinic_name ?? user.code}
            onClose={closeDialog}
          />
        </Suspense>
      )}
      {dialog?.kind === 'edit' && (
        <EditPatientModal patient={dialog.patient} onClose={closeDialog} />
      )}
      {dialog?.kind === 'onboard' && (
        <OnboardPatientModal patient={dialog.patient} onClose={closeDialog} />
      )}
      {dialog?.kind === 'therapists' && (
        <ChangeTherapistsModal patient={dialog.patient} onClose={closeDialog} />
      )}
      {dialog?.kind === 'discharge' && (
        <ConfirmDialog
          title={
            dialog.patients.length === 1
              ? `Discharge ${fullName(dialog.patients[0] as Patient)}?`
              : `Discharge ${dialog.patients.length} patients?`
          }
          confirmLabel="Discharge"
          busy={discharge.isPending}
          error={discharge.isError ? errorMessage(discharge.error) : null}
          onClose={closeDialog}
          onConfirm={() =>
            discharge.mutate(
              dialog.patients.map((patient) => patient.id),
              {
                onSuccess: (done) => {
                  notify.success(
                    done.length === 1
                      ? `${fullName(done[0] as Patient)} is discharged.`
                      : `${done.length} patients are discharged.`,
                  );
                  setSelected(new Set());
                  closeDialog();
                },
              },
            )
          }
        >
          <p>
            Their episode of care ends today: monitoring and RTM billing stop. You can re-onboard
            them later.
          </p>
          {dialog.patients.length > 1 && (
            <ul className="mt-2 list-disc pl-5 text-ink">
              {dialog.patients.map((patient) => (
                <li key={patient.id}>{fullName(patient)}</li>
              ))}
            </ul>
          )}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={`Remove ${fullName(dialog.patient)}?`}
          confirmLabel="Remove"
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onClose={closeDialog}
          onConfirm={() =>
            remove.mutate(dialog.patient.id, {
              onSuccess: () => {
                notify.success(`${fullName(dialog.patient)} is removed from the roster.`);
                closeDialog();
              },
            })
          }
        >
          <p>
            They leave the roster and their app login is closed. Their records are kept for the
            audit trail and billing.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
