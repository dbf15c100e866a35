import {
  LogInteractionBodySchema,
  type InteractionLog as Interaction,
} from '@homestretch/contract/patients/interaction-log';
import { MessageSquareText, Phone, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useClinicTimeZone } from '../../../auth/api/current-user';
import { clinicToday, clinicWallClock, fromClinicWallClock } from '../../../../lib/clinic-time';
import { useContractForm, type FieldErrors } from '../../../../lib/contract-form';
import { errorMessage } from '../../../../lib/error-messages';
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
import { formatDuration, toSeconds } from '../../../../lib/record-format';
import { formatDate } from '../../../../ui/format-date';

/** `date` reads the clinic's wall clock (lib/clinic-time.ts), as the log shows it afterwards. */
interface LogForm {
  date: Date | null;
  notes: string;
  minutes: string;
  seconds: string;
}

/** What only the form can check: a date was picked, and minutes and seconds make a duration. */
function logFormChecks({ date, minutes, seconds }: LogForm, timeZone: string): FieldErrors {
  const found: FieldErrors = {};
  if (!date) {
    found['log.date'] = 'Choose when it happened';
  } else if (fromClinicWallClock(date, timeZone).getTime() > Date.now()) {
    found['log.date'] = 'Cannot be in the future';
  }
  if (toSeconds(minutes, seconds) === null) {
    found['log.call_duration_seconds'] = 'Enter whole minutes, and seconds from 0 to 59';
  }
  return found;
}

function LogInteractionForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const log = useLogInteraction(patientId);
  const notesId = useId();
  const timeZone = useClinicTimeZone();
  const today = clinicToday(timeZone);
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: LogInteractionBodySchema,
    defaultValues: {
      date: clinicWallClock(new Date(), timeZone),
      notes: '',
      minutes: '',
      seconds: '',
    },
    check: (values: LogForm) => logFormChecks(values, timeZone),
    toBody: ({ date, notes, minutes, seconds }: LogForm) => ({
      log: {
        date: date ? fromClinicWallClock(date, timeZone).toISOString() : undefined,
        notes,
        call_duration_seconds: toSeconds(minutes, seconds),
      },
    }),
    // The server names the fields inside the log (`log.date`), and so does the form.
    errorField: (path) => path.join('.'),
    mutation: log,
  });

  const send = onSubmit((body) =>
    log.mutate(body.log, {
      onSuccess: () => {
        notify.success('Interaction logged');
        onDone();
      },
    }),
  );

  const durationError = errors['log.call_duration_seconds'];
  return (
    <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
      {formFailed && <Alert tone="error">{errorMessage(log.error)}</Alert>}
      <div className="flex flex-col gap-1">
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DatePicker
              mode="single"
              withTime
              label="Date and time"
              value={field.value}
              onChange={field.onChange}
              maxDate={today}
              today={today}
            />
          )}
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
          maxLength={5000}
          {...form.register('notes')}
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
            {...form.register('minutes')}
            className="w-28"
            error={durationError}
          />
          <TextField
            label="Seconds"
            type="number"
            inputMode="numeric"
            min={0}
            max={59}
            {...form.register('seconds')}
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
        <LogInteractionForm patientId={patientId} onDone={() => setAdding(false)} />
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
