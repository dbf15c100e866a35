import { type StaffMember, isClinicianRole } from '@homestretch/contract/staff/list-staff';
import { ShieldCheck, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useIsMobile } from '../../../lib/device';
import { errorMessage } from '../../../lib/error-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { CardTable } from '../../../ui/card-table';
import { Card } from '../../../ui/card';
import { Dropdown } from '../../../ui/dropdown';
import { EmptyState } from '../../../ui/empty-state';
import { Pager } from '../../../ui/pager';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { SearchInput } from '../../../ui/search-input';
import { Spinner } from '../../../ui/spinner';
import { notify } from '../../../ui/toasts';
import { useCurrentUser } from '../../../features/auth/api/current-user';
import { useStaff } from '../../../features/staff/api/get-staff';
import { useUnassignSupervisor } from '../../../features/staff/api/unassign-supervisor';
import { ApprovalBadge } from '../../../features/staff/components/approval-badge';
import { AssistantKindSelect } from '../../../features/staff/components/assistant-kind-select';
import { StaffApproval } from '../../../features/staff/components/staff-approval';
import { StaffRole } from '../../../features/staff/components/staff-role-select';
import { useAssignSupervisor } from '../../../features/supervisors/api/assign-supervisor';

/** The dropdown's stand-in for "no supervisor": ids start at 1. */
const NO_SUPERVISOR = 0;

function nameOf(member: Pick<StaffMember, 'first_name' | 'last_name' | 'email'>): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

/**
 * Until the account is approved: where it stands and the administrator's Approve / Decline, under
 * the name, so the table stays narrow enough for its dropdowns.
 */
function WaitingApproval({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  if (member.approval_status === 'approved') {
    return null;
  }
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <ApprovalBadge status={member.approval_status} />
      <StaffApproval member={member} onDone={onDone} />
    </div>
  );
}

/** The clinic's supervisors, shared by the supervisor pickers and the Supervisors card. */
function useSupervisors() {
  return useStaff({ search: '', page: 1, role: 'supervisor' });
}

/** A therapist's supervisor: the administrator assigns one, or none (spec §6). */
function SupervisorSelect({
  member,
  supervisors,
}: {
  member: StaffMember;
  supervisors: readonly StaffMember[];
}) {
  const assign = useAssignSupervisor();
  const unassign = useUnassignSupervisor();
  if (!isClinicianRole(member.role)) {
    return <span className="text-sm text-ink-subtle">—</span>;
  }
  const approved = supervisors.filter((supervisor) => supervisor.approval_status === 'approved');
  if (approved.length === 0 && member.supervisor_id === null) {
    return <span className="text-sm text-ink-subtle">No supervisors yet</span>;
  }
  const options = [
    { value: NO_SUPERVISOR, label: 'No supervisor' },
    ...approved.map((supervisor) => ({ value: supervisor.id, label: nameOf(supervisor) })),
  ];
  const current = member.supervisor_id ?? NO_SUPERVISOR;
  const saving = assign.isPending || unassign.isPending;
  const name = nameOf(member);
  return (
    <div className="flex items-center gap-2">
      <Dropdown
        label={`Supervisor of ${name}`}
        hideLabel
        options={options}
        // A supervisor since declined is in no option: the button says so rather than "none".
        value={options.some((option) => option.value === current) ? current : undefined}
        initialLabel="Supervisor not approved"
        disabled={saving}
        buttonClassName="w-52"
        onChange={(supervisorId) => {
          if (supervisorId === current) {
            return;
          }
          if (supervisorId === NO_SUPERVISOR) {
            unassign.mutate(member.id, {
              onSuccess: () => notify.success(`${name} has no supervisor now.`),
              onError: (error) =>
                notify.error(`Could not remove ${name}’s supervisor. ${errorMessage(error)}`),
            });
            return;
          }
          assign.mutate(
            { user_id: supervisorId, therapist_ids: [member.id] },
            {
              onSuccess: (team) =>
                notify.success(`${nameOf(team.supervisor)} now supervises ${name}.`),
              onError: (error) =>
                notify.error(`Could not assign a supervisor to ${name}. ${errorMessage(error)}`),
            },
          );
        }}
      />
      {saving && <Spinner size="sm" label="Saving" />}
    </div>
  );
}

/**
 * The administrator's "Staff & supervisors" tab (spec §6): every staff member with their role
 * (changeable among Staff Therapist, Remote PT and Office Manager), whether a clinician is licensed
 * or an assistant (billing's CQ/CO) and their supervisor; an account waiting for approval is
 * approved or declined here; and the clinic's supervisors.
 */
export function StaffSupervisorsTab() {
  return (
    <div className="grid gap-5 2xl:grid-cols-3">
      <StaffSection />
      <SupervisorsCard />
    </div>
  );
}

function StaffSection() {
  const compact = useIsMobile();
  const { data: me } = useCurrentUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Approving or declining removes the row's buttons: keep keyboard users at the list's heading.
  const returnFocus = () => requestAnimationFrame(() => headingRef.current?.focus());
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  const [pagedSearch, setPagedSearch] = useState(search);
  if (search !== pagedSearch) {
    setPagedSearch(search);
    setPage(1);
  }
  const staff = useStaff({ search, page });
  const supervisors = useSupervisors().data?.results ?? [];
  const rows = staff.data?.results ?? [];

  return (
    <section aria-label="Staff" className="flex min-w-0 flex-col gap-3 2xl:col-span-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-ink focus:outline-none"
        >
          Staff
        </h2>
        <div role="search" aria-label="Find staff" className="flex w-full flex-col gap-1 sm:w-72">
          <label htmlFor="admin-staff-search" className="text-sm font-medium text-ink">
            Search staff
          </label>
          <SearchInput
            id="admin-staff-search"
            placeholder="Name or email"
            value={searchText}
            onChange={setSearchText}
          />
        </div>
      </div>
      {staff.isPending ? (
        <PanelLoading label="Loading staff" />
      ) : staff.isError && !staff.data ? (
        <PanelError
          error={staff.error}
          onRetry={() => void staff.refetch()}
          retrying={staff.isFetching}
        />
      ) : rows.length === 0 ? (
        <div className="rounded-card border border-line bg-surface shadow-card">
          <EmptyState
            icon={UserRound}
            title={search ? `No staff match “${search}”` : 'No staff yet'}
            description="Colleagues join with your clinic code from the staff sign-up page."
          />
        </div>
      ) : compact ? (
        <ul aria-label="Staff" className="flex flex-col gap-3">
          {rows.map((member) => (
            <li
              key={member.id}
              className="flex flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card"
            >
              <div>
                <p className="font-medium text-ink">{nameOf(member)}</p>
                <p className="text-sm break-all text-ink-muted">{member.email}</p>
                <WaitingApproval member={member} onDone={returnFocus} />
              </div>
              <StaffRole member={member} caller={me} />
              {isClinicianRole(member.role) && (
                <>
                  <div className="flex flex-col gap-1">
                    <p className="text-xs font-semibold text-ink-muted uppercase">Therapist type</p>
                    <AssistantKindSelect member={member} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <p className="text-xs font-semibold text-ink-muted uppercase">Supervisor</p>
                    <SupervisorSelect member={member} supervisors={supervisors} />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <CardTable
          caption="Staff"
          columns={[
            { label: 'Name' },
            { label: 'Role and therapist type' },
            { label: 'Supervisor' },
          ]}
        >
          {rows.map((member) => (
            <tr key={member.id}>
              <td className="px-4 py-3">
                <p className="font-medium text-ink">{nameOf(member)}</p>
                <p className="break-all text-ink-muted">{member.email}</p>
                <WaitingApproval member={member} onDone={returnFocus} />
              </td>
              <td className="px-4 py-2">
                <div className="flex flex-col items-start gap-2">
                  <StaffRole member={member} caller={me} />
                  {isClinicianRole(member.role) && <AssistantKindSelect member={member} />}
                </div>
              </td>
              <td className="px-4 py-2">
                <SupervisorSelect member={member} supervisors={supervisors} />
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      {staff.data && (
        <Pager page={page} count={staff.data.count} onChange={setPage} label="Staff pages" />
      )}
    </section>
  );
}

function SupervisorsCard() {
  const supervisors = useSupervisors();
  const assign = useAssignSupervisor();
  const assigning = assign.isPending ? assign.variables.user_id : null;
  const assignAll = (supervisor: StaffMember) =>
    assign.mutate(
      { user_id: supervisor.id },
      {
        onSuccess: (team) =>
          notify.success(
            team.assigned_ids.length === 0
              ? `Every therapist already has a supervisor; ${nameOf(supervisor)} supervises ${team.therapists.length}.`
              : `${nameOf(supervisor)} now supervises ${team.therapists.length} therapist${team.therapists.length === 1 ? '' : 's'}.`,
          ),
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  return (
    <Card title="Supervisors" className="h-fit">
      <p className="mb-3 text-sm text-ink-muted">
        A supervisor approves the program changes of the therapists assigned to them and of those
        assigned to nobody; one with none assigned sees the whole clinic’s.
      </p>
      {supervisors.isPending ? (
        <PanelLoading label="Loading supervisors" minHeight={96} />
      ) : supervisors.isError ? (
        <PanelError
          error={supervisors.error}
          onRetry={() => void supervisors.refetch()}
          retrying={supervisors.isFetching}
        />
      ) : supervisors.data.results.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title="No supervisors yet"
          description="A supervisor joins with your clinic code, as a Remote Supervisor, from the staff sign-up page."
        />
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {supervisors.data.results.map((supervisor) => (
            <li key={supervisor.id} className="flex flex-col gap-2 py-3">
              <div>
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                  {nameOf(supervisor)}
                  <ApprovalBadge status={supervisor.approval_status} />
                </p>
                <p className="text-sm break-all text-ink-muted">{supervisor.email}</p>
              </div>
              {supervisor.approval_status === 'approved' && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start"
                  loading={assigning === supervisor.id}
                  disabled={assign.isPending}
                  onClick={() => assignAll(supervisor)}
                >
                  Assign therapists without a supervisor
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
