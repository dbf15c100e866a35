import { PhoneCall } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatClinicDateTime } from '../../../lib/clinic-time';
import { formatDuration } from '../../../lib/record-format';
import { Card } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/empty-state';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { useRecentCalls } from '../api/list-calls';
import { isLiveCall } from '@homestretch/contract/voice/call-status';
import { callStatusWords } from './call-words';

const RECENT_CALLS_SHOWN = 5;

/** The therapist's latest calls, for the dashboard: whom, when, reached or not, how long. */
export function RecentCallsCard() {
  const calls = useRecentCalls(RECENT_CALLS_SHOWN);
  const timeZone = useClinicTimeZone();
  let body;
  if (calls.isPending) {
    body = <PanelLoading label="Loading recent calls" minHeight={120} />;
  } else if (calls.isError) {
    body = (
      <PanelError
        error={calls.error}
        onRetry={() => void calls.refetch()}
        retrying={calls.isFetching}
      />
    );
  } else if (calls.data.results.length === 0) {
    body = (
      <EmptyState
        icon={PhoneCall}
        title="No calls yet"
        description="Calls you place from a patient's record appear here."
      />
    );
  } else {
    body = (
      <ul aria-label="Recent calls" className="divide-y divide-line">
        {calls.data.results.map((call) => {
          const reached = call.outcome === 'CALL_OK';
          return (
            <li key={call.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="flex min-w-0 flex-col">
                <Link
                  to={paths.patientDashboard(call.patient.id)}
                  className="truncate text-sm font-medium text-brand-700 underline hover:text-brand-800"
                >
                  {call.patient.first_name} {call.patient.last_name}
                </Link>
                <span className="text-xs text-ink-muted">
                  {formatClinicDateTime(call.created_at, timeZone)}
                </span>
              </div>
              <div className="flex shrink-0 flex-col items-end">
                <span
                  className={cx(
                    'text-sm font-medium',
                    reached ? 'text-success-700' : 'text-ink-muted',
                    isLiveCall(call.status) && 'text-brand-800',
                  )}
                >
                  {callStatusWords(call, calls.dataUpdatedAt)}
                </span>
                {reached && call.duration_seconds !== null && (
                  <span className="text-xs text-ink-muted">
                    {formatDuration(call.duration_seconds)}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }
  return <Card title="Recent calls">{body}</Card>;
}
