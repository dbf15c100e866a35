import { LogInteractionBodySchema } from '@homestretch/contract/patients/interaction-log';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useClinicTimeZone } from '../../../auth/api/current-user';
import { clinicToday, clinicWallClock, fromClinicWallClock } from '../../../../lib/clinic-calendar';
import { useContractForm, type FieldErrors } from '../../../../lib/contract-form';
import { errorMessage } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { DatePicker } from '../../../../ui/date-picker';
import { TextField } from '../../../../ui/text-field';
import { notify } from '../../../../ui/toasts';
import { useLogInteraction } from '../../api/log-interaction';
import { Alert } from '../../../../ui/alert';
import { toSeconds } from '../../../../lib/record-format';

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

export function LogInteractionForm({
  patientId,
  onDone,
}: {
  patientId: number;
  onDone: () => void;
}) {
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
