import { ClipboardCheck, HeartPulse, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDuration } from '../../lib/record-format';
import { Card } from '../../ui/card';
import { Dropdown } from '../../ui/dropdown';
import { EmptyState } from '../../ui/empty-state';
import { PanelError, PanelLoading } from '../../ui/panel-states';
import { useCurrentUser } from '../../features/auth/api/current-user';
import {
  type MonitoringMonth,
  useMonitoringMonth,
} from '../../features/monitoring/api/get-monitoring-month';
import { MonthDropdown, useMonthChoice } from '../../features/monitoring/components/month-dropdown';
import { PriorityMonitoringButton } from '../../features/monitoring/components/priority-monitoring-button';
import { RtmPatientsTable } from '../../features/monitoring/components/rtm-patients-table';
import { treatsPatients } from '../../features/patients/components/roster/patient-labels';
import { TasksCard } from '../../features/tasks/components/tasks-card';
import { RecentCallsCard } from '../../features/voice/components/recent-calls-card';

const FILTERS = [
  { value: 'all', label: 'All my RTM patients' },
  { value: 'short', label: 'Short of 20 minutes' },
  { value: 'no_call', label: 'No live call yet' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

function shown(month: MonitoringMonth, filter: Filter) {
  switch (filter) {
    case 'all':
      return month.results;
    case 'short':
      return month.results.filter((patient) => patient.minutes < 20);
    case 'no_call':
      return month.results.filter((patient) => !patient.has_interactive_call);
  }
}

/**
 * therapist_dashboard (/dashboard): the month of the RTM patients I treat against the
 * thresholds, what each still needs and by when, my tasks and calls, and the way into priority
 * monitoring. Staff who do not treat (office managers, supervisors) are pointed to their work.
 */
export function TherapistDashboardPage() {
  const role = useCurrentUser().data?.role ?? 'manager';
  if (!treatsPatients(role)) {
    return <NotTreatingDashboard supervisor={role === 'supervisor'} />;
  }
  return <TreatingDashboard />;
}

function NotTreatingDashboard({ supervisor }: { supervisor: boolean }) {
  return (
    <div className="mx-auto max-w-lg">
      <h1 className="sr-only">Dashboard</h1>
      <EmptyState
        icon={supervisor ? ClipboardCheck : Users}
        title={supervisor ? 'Your work is in Approvals' : 'Monitoring is for treating therapists'}
        description={
          supervisor
            ? 'Program changes waiting for your decision are in the approval queue.'
            : 'Monitoring minutes, tasks and calls belong to the therapists who treat the patients. The patient list has everything the front desk runs.'
        }
        action={
          <Link
            to={supervisor ? paths.approvals() : paths.patientList()}
            className="inline-flex min-h-10 items-center rounded-control bg-brand-600 px-4 font-medium text-white hover:bg-brand-700"
          >
            {supervisor ? 'Open approvals' : 'Open patients'}
          </Link>
        }
      />
    </div>
  );
}

function TreatingDashboard() {
  const choice = useMonthChoice();
  const [filter, setFilter] = useState<Filter>('all');
  const { current } = choice;
  const monitoring = useMonitoringMonth(choice.month);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-ink">Dashboard</h1>
        <div className="flex flex-wrap items-start gap-2">
          <PriorityMonitoringButton />
          <MonthDropdown choice={choice} className="min-w-48" />
        </div>
      </div>

      {monitoring.data ? (
        <MonthTotals month={monitoring.data} />
      ) : (
        monitoring.isPending && <MonthTotals />
      )}

      <div className="grid gap-4 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <Card
            title="My RTM patients"
            actions={
              <Dropdown
                label="Show"
                hideLabel
                options={FILTERS}
                value={filter}
                onChange={setFilter}
                buttonClassName="min-w-48"
              />
            }
          >
            {monitoring.isPending ? (
              <PanelLoading label="Loading this month's minutes" />
            ) : monitoring.isError ? (
              <PanelError
                error={monitoring.error}
                onRetry={() => void monitoring.refetch()}
                retrying={monitoring.isFetching}
              />
            ) : monitoring.data.results.length === 0 ? (
              <EmptyState
                icon={HeartPulse}
                title="No RTM patients yet"
                description="Patients you treat who are covered for remote monitoring appear here with their minutes, days with data and live calls."
              />
            ) : shown(monitoring.data, filter).length === 0 ? (
              <p className="py-6 text-center text-sm text-ink-muted">
                No patient matches this filter: every one is covered.
              </p>
            ) : (
              <RtmPatientsTable patients={shown(monitoring.data, filter)} current={current} />
            )}
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <TasksCard />
          <RecentCallsCard />
        </div>
      </div>
    </div>
  );
}

/**
 * The month's four figures. Without the month (still loading) the tiles stand empty, hidden from
 * screen readers (the table below says it is loading): the figures then fill them instead of
 * pushing the page down as they come (issue 29: a layout shift of 0.1 in Lighthouse).
 */
function MonthTotals({ month }: { month?: MonitoringMonth }) {
  const totals = month?.totals;
  const figures = [
    { label: 'My monitoring time', value: totals && formatDuration(totals.my_seconds) },
    {
      label: 'At 20 minutes or more',
      value: totals && `${totals.reached_20} of ${totals.patients}`,
    },
    { label: 'At 10–19 minutes', value: totals && `${totals.reached_10 - totals.reached_20}` },
    { label: 'Live call done', value: totals && `${totals.with_call} of ${totals.patients}` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-hidden={totals ? undefined : true}>
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="rounded-card border border-line bg-surface p-3 shadow-card"
        >
          <dt className="text-xs text-ink-muted">{figure.label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums text-ink">
            {figure.value ?? '\u00a0'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
