import { useQueryClient } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { useCurrentUser } from '../../auth/api/current-user';
import { priorityListQueryOptions } from '../api/get-priority-list';
import { dispatchPriority, usePriorityState } from '../stores/priority-machine';
import { mayMonitor } from './monitoring-rules';
import { startPriorityMonitoring } from './priority-actions';

type Outcome = { kind: 'idle' } | { kind: 'empty' } | { kind: 'error'; error: unknown };

/**
 * Starts priority monitoring (spec §4): fetches the list afresh and opens the first patient's
 * dashboard. In priority mode it opens the list instead. Shown only to users who may be monitored
 * (spec §5/§6).
 */
export function PriorityMonitoringButton({ className }: { className?: string }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const active = usePriorityState((state) => state.active);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  if (!user || !mayMonitor(user)) {
    return null;
  }

  const start = async () => {
    setLoading(true);
    setOutcome({ kind: 'idle' });
    try {
      const { results } = await queryClient.fetchQuery({
        ...priorityListQueryOptions(),
        staleTime: 0,
      });
      if (results.length === 0) {
        setOutcome({ kind: 'empty' });
      } else {
        startPriorityMonitoring(results, navigate);
      }
    } catch (error) {
      setOutcome({ kind: 'error', error });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={className}>
      {active ? (
        <Button variant="secondary" onClick={() => dispatchPriority({ type: 'open-panel' })}>
          <ListOrdered aria-hidden="true" className="size-4" />
          View priority list
        </Button>
      ) : (
        <Button loading={loading} onClick={() => void start()}>
          <ListOrdered aria-hidden="true" className="size-4" />
          Priority monitoring
        </Button>
      )}
      <div aria-live="polite">
        {outcome.kind === 'empty' && (
          <p className="mt-2 text-sm text-ink-muted">
            Every patient has the minutes they need this month.
          </p>
        )}
        {outcome.kind === 'error' && (
          <p className="mt-2 text-sm text-danger-700">{errorMessage(outcome.error)}</p>
        )}
      </div>
    </div>
  );
}
