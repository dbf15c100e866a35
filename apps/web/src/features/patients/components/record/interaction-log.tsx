import type { InteractionLog as Interaction } from '@homestretch/contract/patients/interaction-log';
import { MessageSquareText, Phone, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { Card } from '../../../../ui/card';
import { EmptyState } from '../../../../ui/empty-state';
import { Modal } from '../../../../ui/modal';
import { Pager } from '../../../../ui/pager';
import { notify } from '../../../../ui/toasts';
import { useDeleteInteraction } from '../../api/delete-interaction';
import { useInteractions } from '../../api/list-interactions';
import { PanelError, PanelLoading } from '../../../../ui/panel-states';
import { formatDuration } from '../../../../lib/record-format';
import { formatDate } from '../../../../ui/format-date';

// The form (react-hook-form, the date picker) loads when "Log interaction" is pressed: the
// dashboard's first download does not carry it (issue 29).
const LogInteractionForm = lazy(async () => ({
  default: (await import('./interaction-log-form')).LogInteractionForm,
}));

function InteractionItem({
  interaction,
  onDelete,
}: {
  interaction: Interaction;
  /** Absent when the reader may not change the log. */
  onDelete?: (interaction: Interaction) => void;
}) {
  // Spec §9: 'MMM D, YYYY'; the server answers in the clinic's zone, so this is the clinic's day.
  const when = formatDate(interaction.date);
  const call = interaction.call_duration_seconds > 0;
  return (
    <li className="flex gap-3 border-t border-line py-3 first:border-t-0 first:pt-0">
      {call ? (
        <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      ) : (
        <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-subtle" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-ink">{when}</p>
        <p className="text-sm text-ink-muted">
          {call ? `Call, ${formatDuration(interaction.call_duration_seconds)}` : 'No call'}
          {interaction.user_name && ` · ${interaction.user_name}`}
        </p>
        {interaction.notes && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">
            {interaction.notes}
          </p>
        )}
      </div>
      {onDelete && (
        <Button
          variant="ghost"
          size="sm"
          className="shrink-0"
          aria-label={`Delete interaction of ${when}`}
          onClick={() => onDelete(interaction)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      )}
    </li>
  );
}

/**
 * Calls, messages and visits with the patient; calls with a duration count for RTM. Only the
 * treating staff log and delete them (`editable`); a supervisor reads them (docs/decisions/016).
 */
export function InteractionLog({ patientId, editable }: { patientId: number; editable: boolean }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Interaction | null>(null);
  const list = useInteractions(patientId, page);
  const remove = useDeleteInteraction(patientId);

  const confirmDelete = () => {
    if (!toDelete) {
      return;
    }
    remove.mutate(toDelete.log_id, {
      onSuccess: () => {
        notify.success('Interaction deleted');
        setToDelete(null);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  let body;
  if (list.isPending) {
    body = <PanelLoading label="Loading the interaction log" />;
  } else if (list.isError) {
    body = (
      <PanelError
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.count === 0) {
    body = (
      <EmptyState
        icon={Phone}
        title="No interactions logged"
        description={
          editable
            ? 'Log calls, messages and visits with the patient here.'
            : 'Calls, messages and visits the treating therapists log appear here.'
        }
      />
    );
  } else {
    body = (
      <>
        <ul aria-label="Interactions" className="flex flex-col">
          {list.data.results.map((interaction) => (
            <InteractionItem
              key={interaction.log_id}
              interaction={interaction}
              onDelete={editable ? setToDelete : undefined}
            />
          ))}
        </ul>
        <Pager
          page={page}
          count={list.data.count}
          onChange={setPage}
          label="Interaction log pages"
          className="mt-3"
        />
      </>
    );
  }

  return (
    <Card
      title="Interaction log"
      actions={
        editable && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Log interaction
          </Button>
        )
      }
    >
      {body}
      <Modal show={adding} onClose={() => setAdding(false)} title="Log an interaction">
        <Suspense fallback={<PanelLoading label="Loading the form" />}>
          <LogInteractionForm patientId={patientId} onDone={() => setAdding(false)} />
        </Suspense>
      </Modal>
      <Modal
        show={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete this interaction?"
        size="sm"
      >
        <p className="text-sm text-ink">
          {toDelete && formatDate(toDelete.date)}. A deleted interaction no longer counts towards
          RTM; it stays in the audit trail.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
            Delete
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
