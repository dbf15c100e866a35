import { can } from '@homestretch/contract/auth/permissions';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useCurrentUser } from '../../auth/api/current-user';
import { useIsMobile } from '../../../lib/device';
import { errorMessage } from '../../../lib/error-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { EmptyState } from '../../../ui/empty-state';
import { CardTable } from '../../../ui/card-table';
import { ErrorState } from '../../../ui/error-state';
import { formatDate } from '../../../ui/format-date';
import { Pager } from '../../../ui/pager';
import { Spinner } from '../../../ui/spinner';
import { useStaff } from '../api/get-staff';
import { ApprovalBadge } from '../components/approval-badge';
import { StaffApproval } from '../components/staff-approval';
import { StaffRole } from '../components/staff-role-select';
import { SearchInput } from '../../../ui/search-input';

function lastSignIn(member: StaffMember): string {
  return member.last_login ? formatDate(member.last_login) : 'Never';
}

function patientsLabel(member: StaffMember): string {
  if (!member.can_treat) {
    return '—';
  }
  return `${member.patient_count} active`;
}

/**
 * therapist_list (/therapist-list): the clinic's staff with their roles (spec §3 labels).
 * Accounts made with the clinic code come first while they wait for approval; the administrator
 * approves or declines them here (docs/decisions/007-staff-approval.md), others see the badge.
 */
export function TherapistListPage() {
  const compact = useIsMobile();
  const me = useCurrentUser().data;
  const isAdmin = can(me?.role, 'staff.approve');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [page, setPage] = useState(1);
  // A new search starts again at its first page.
  const [pagedSearch, setPagedSearch] = useState(search);
  if (search !== pagedSearch) {
    setPagedSearch(search);
    setPage(1);
  }
  const staff = useStaff({ search, page });
  const rows = staff.data?.results ?? [];
  const count = staff.data?.count ?? 0;

  // The row's buttons go away with the change: keep keyboard users on the page, at its heading.
  const returnFocus = () => requestAnimationFrame(() => headingRef.current?.focus());

  const actions = (member: StaffMember) =>
    isAdmin ? <StaffApproval member={member} onDone={returnFocus} /> : null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-semibold text-ink focus:outline-none"
        >
          Therapists
        </h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
          {staff.data
            ? `${count} ${count === 1 ? 'staff member' : 'staff members'}`
            : 'Your clinic’s team'}
          {staff.isFetching && staff.data && <Spinner size="sm" label="Updating" />}
        </p>
      </div>

      <div role="search" aria-label="Find staff" className="flex flex-col gap-1 sm:max-w-md">
        <label htmlFor="staff-search" className="text-sm font-medium text-ink">
          Search
        </label>
        <SearchInput
          id="staff-search"
          placeholder="Name or email"
          value={searchText}
          onChange={setSearchText}
        />
      </div>

      {staff.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading staff" />
        </div>
      ) : staff.isError && !staff.data ? (
        <ErrorState
          message={errorMessage(staff.error)}
          onRetry={() => void staff.refetch()}
          retrying={staff.isFetching}
        />
      ) : rows.length === 0 ? (
        <div className="rounded-card border border-line bg-surface shadow-card">
          <EmptyState
            icon={UserRound}
            title={search ? `No staff match “${search}”` : 'No staff yet'}
            description={
              search
                ? 'Check the spelling, or search by email address.'
                : 'Colleagues join with your clinic code from the staff sign-up page.'
            }
          />
        </div>
      ) : (
        <>
          {compact ? (
            <ul className="flex flex-col gap-3" aria-label="Staff">
              {rows.map((member) => (
                <li
                  key={member.id}
                  className="flex flex-col gap-1 rounded-card border border-line bg-surface p-4 shadow-card"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-ink">
                      {member.first_name} {member.last_name}
                    </p>
                    <div className="flex flex-wrap gap-1.5">
                      <ApprovalBadge status={member.approval_status} />
                      <StaffRole member={member} caller={me} />
                    </div>
                  </div>
                  <p className="text-sm break-all text-ink-muted">{member.email}</p>
                  <p className="text-sm text-ink-muted">
                    {member.can_treat && `${member.patient_count} active patients · `}
                    Last sign-in {lastSignIn(member)}
                  </p>
                  {isAdmin && member.approval_status !== 'approved' && (
                    <div className="mt-2">{actions(member)}</div>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <CardTable
              caption="Staff"
              columns={[
                { label: 'Name' },
                { label: 'Email' },
                { label: 'Role' },
                { label: 'Patients' },
                { label: 'Last sign-in', className: 'whitespace-nowrap' },
                isAdmin && { label: 'Approval' },
              ]}
            >
              {rows.map((member) => (
                <tr key={member.id}>
                  <td className="px-4 py-3 font-medium text-ink">
                    <div className="flex flex-wrap items-center gap-2">
                      {member.first_name} {member.last_name}
                      <ApprovalBadge status={member.approval_status} />
                    </div>
                  </td>
                  <td className="px-4 py-3 text-ink-muted">{member.email}</td>
                  <td className="px-4 py-2">
                    <StaffRole member={member} caller={me} />
                  </td>
                  <td className="px-4 py-3 text-ink-muted">{patientsLabel(member)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-ink-muted">
                    {lastSignIn(member)}
                  </td>
                  {isAdmin && <td className="px-4 py-2">{actions(member)}</td>}
                </tr>
              ))}
            </CardTable>
          )}
          <Pager
            page={page}
            count={count}
            onChange={setPage}
            label="Staff pages"
            className="self-center"
          />
        </>
      )}
    </div>
  );
}
