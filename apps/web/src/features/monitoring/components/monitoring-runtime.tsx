import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { MonitoringBanner } from '../../../ui/monitoring-banner';
import { monitoringKeys } from '../../../lib/query-keys/monitoring-keys';
import {
  closeMobileChatModal,
  monitoringRunner,
  useMonitoringState,
} from '../stores/monitoring-store';
import {
  currentPriorityPatient,
  dispatchPriority,
  priorityStore,
  usePriorityState,
} from '../stores/priority-machine';
import { idleRedirectPath } from './monitoring-rules';

// The panel and its questions are needed only in priority mode: their own chunk keeps every
// screen's first download within its budget (scripts/check-web-budgets.mjs).
const PriorityLayer = lazy(async () => ({
  default: (await import('./priority-layer')).PriorityLayer,
}));

/**
 * Mounted once in the app layout: the floating banner (spec §2), where the idle redirect goes,
 * the priority modal's hold on monitoring, and priority mode's panel and questions. The banner
 * shows in the header's slot (`bannerSlot`): laid over the page, it covered the values of a
 * table scrolled beneath it (issue 30, item 9).
 */
export function MonitoringRuntime({ bannerSlot }: { bannerSlot: HTMLElement | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = useMonitoringState((state) => state.target);
  const elapsed = useMonitoringState((state) => state.elapsed);
  const priorityActive = usePriorityState((state) => state.active);
  const current = usePriorityState(currentPriorityPatient);

  useEffect(() => {
    monitoringRunner().setHandlers({
      redirect(context) {
        const to = idleRedirectPath(context);
        if (to === null) {
          closeMobileChatModal();
        } else {
          void navigate(to);
        }
      },
      saved: () => void queryClient.invalidateQueries({ queryKey: monitoringKeys.all }),
    });
  }, [navigate, queryClient]);

  // spec §4: the exit-priority-monitoring modal holds monitoring until it is answered.
  useEffect(
    () =>
      priorityStore.subscribe((next, previous) => {
        if (next.paused !== previous.paused) {
          if (next.paused) {
            monitoringRunner().pause();
          } else {
            monitoringRunner().resume();
          }
        }
      }),
    [],
  );

  const modalOpen = usePriorityState((state) => state.modal !== null);
  const onCurrent = current !== null && target?.patientId === current.id;
  // Asked once per patient; a question already open (exit) defers it until it is answered.
  const reachedId = onCurrent && elapsed >= current.remainingMinutes * 60 ? current.id : null;
  useEffect(() => {
    if (reachedId !== null && !modalOpen) {
      dispatchPriority({ type: 'reached', patientId: reachedId });
    }
  }, [reachedId, modalOpen]);

  const priority = priorityActive
    ? {
        remainingMinutes: onCurrent ? current.remainingMinutes : null,
        onViewList: () => dispatchPriority({ type: 'open-panel' }),
      }
    : undefined;

  return (
    <>
      {(target || priority) &&
        bannerSlot &&
        createPortal(
          <MonitoringBanner
            patient={
              target
                ? {
                    firstName: target.firstName,
                    lastName: target.lastName,
                    elapsedSeconds: elapsed,
                  }
                : null
            }
            priority={priority}
          />,
          bannerSlot,
        )}
      {priorityActive && (
        <Suspense fallback={null}>
          <PriorityLayer />
        </Suspense>
      )}
    </>
  );
}
