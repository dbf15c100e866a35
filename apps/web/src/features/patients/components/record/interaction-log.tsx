import type { InteractionLog as Interaction } from '@homestretch/contract/patients/interaction-log';
import { MessageSquareText, Phone, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, fieldErrors } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { Card } from '../../../../ui/card';
import { DatePicker } from '../../../../ui/date-picker';
import { EmptyState } from '../../../../ui/empty-state';
import { Modal } from '../../../../ui/modal';
import { Pager } from '../../../../ui/pager';
import { TextField } from '../../../../ui/text-field';
import { notify } from '../../../../ui/toasts';
import { useDeleteInteraction } from '../../api/delete-interaction';
import { useInteractions } from '../../api/list-interactions';
import { useLogInteraction } from '../../api/log-interaction';
import { Alert } from '../../../../ui/alert';
import { PanelError, PanelLoading } from '../../../../ui/panel-states';
import { formatDateTime, formatDuration, toSeconds } from '../../../../lib/record-format';

function LogInteractionForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const log = useLogInteraction(patientId);
  const notesId = useId();
  const [date, setDate] = useState<Date | null>(() => new Date());
  const [notes, setNotes] = useState('');
  const [minutes, setMinutes] = useState('');
  const [seconds, setSeconds] = useState('');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  const serverErrors = fieldErrors(log.error);
  const errors = { ...serverErrors, ...clientErrors };
  const generalError =
    log.isError && Object.keys(serverErrors).length === 0 ? errorMessage(log.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const duration = toSeconds(minutes, seconds);
    const found: Record<string, string> = {};
    if (!date) {
      found['log.date'] = 'Choose when it happened';
    } else if (date.getTime() > Date.now()) {
      found['log.date'] = 'Cannot be in the future';
    }
    if (duration === null) {
      found['log.call_duration_seconds'] = 'Enter whole minutes, and seconds from 0 to 59';
    }
    setClientErrors(found);
    if (!date || duration === null || Object.keys(found).length > 0) {
      return;
    }
    log.mutate(
      { date: date.toISOString(), notes: notes.trim(), call_duration_seconds: duration },
      {
        onSuccess: () => {
          notify.success('Interaction logged');
          onDone();
        },
      },
    );
  };

  const durationError = errors['log.call_duration_seconds'];
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {generalError && <Alert tone="error">{generalError}</Alert>}
      <div className="flex flex-col gap-1">
        <DatePicker
          mode="single"
          withTime
          label="Date and time"
          value={date}
          onChange={setDate}
          maxDate={new Date()}
        />
        {errors['log.date'] && (
          <p className="text-sm text-danger-700" role="alert">
            {errors['log.date']}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={notesId} className="text-sm font-medium text-ink">
          Notes
        </label>
        <textarea
          id={notesId}
          rows={4}
          value={notes}
          maxLength={5000}
          onChange={(event) => setNotes(event.target.value)}
          aria-invalid={errors['log.notes'] ? true : undefined}
          aria-describedby={errors['log.notes'] ? `${notesId}-error` : undefined}
          className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink"
        />
        {errors['log.notes'] && (
          <p id={`${notesId}-error`} className="text-sm text-danger-700">
            {errors['log.notes']}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-ink">Call duration</legend>
        <p className="text-sm text-ink-muted">
          Leave empty if there was no live call. A month&apos;s RTM management codes need at least
          one call with a duration.
        </p>
        <div className="flex gap-3">
          <TextField
            label="Minutes"
            type="number"
            inputMode="numeric"
            min={0}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            className="w-28"
            error={durationError}
          />
          <TextField
            label="Seconds"
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            value={seconds}
            onChange={(event) => setSeconds(event.target.value)}
            className="w-28"
            aria-invalid={durationError ? true : undefined}
          />
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={log.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function InteractionItem({
  interaction,
  onDelete,
}: {
  interaction: Interaction;
  onDelete: (interaction: Interaction) => void;
}) {
  const when = formatDateTime(interaction.date);
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
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        aria-label={`Delete interaction of ${when}`}
        onClick={() => onDelete(interaction)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

/** Calls, messages and visits with the patient; calls with a duration count for RTM. */
export function InteractionLog({ patientId }: { patientId: number }) {
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
        description="Log calls, messages and visits with the patient here."
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
              onDelete={setToDelete}
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
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Log interaction
        </Button>
      }
    >
      {body}
      <Modal show={adding} onClose={() => setAdding(false)} title="Log an interaction">
        <LogInteractionForm patientId={patientId} onDone={() => setAdding(false)} />
      </Modal>
      <Modal
        show={toDelete !== null}
        onClose={() => setToDelete(null)}
        title="Delete this interaction?"
        size="sm"
      >
        <p className="text-sm text-ink">
          {toDelete && formatDateTime(toDelete.date)}. A deleted interaction no longer counts
          towards RTM; it stays in the audit trail.
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
