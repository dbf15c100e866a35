import {
  CreateFunctionalDataBodySchema,
  UpdateFunctionalDataBodySchema,
  type FunctionalDataType,
} from '@homestretch/contract/health/functional-data';
import { Controller, useFormContext, FormProvider } from 'react-hook-form';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { clinicToday } from '../../../lib/clinic-calendar';
import { useContractForm, type FieldErrors } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { DatePicker } from '../../../ui/date-picker';
import { toIsoDate } from '../../../ui/format-date';
import { TextField } from '../../../ui/text-field';
import { notify } from '../../../ui/toasts';
import { useCreateFunctionalData } from '../api/create-functional-data';
import { useUpdateFunctionalData } from '../api/update-functional-data';
import { entryErrorField, parseEntryValue, withEntry } from './functional-entries';
import { Alert } from '../../../ui/alert';

/** What "add measure" (first entry) and "add entry" ask of an entry. */
interface EntryForm {
  value: string;
  date: Date | null;
}

const NO_DATE = 'Choose the date it was measured';

/** The value and date inputs shared by "add measure" and "add entry", inside their FormProvider. */
function EntryFields({ errors, valueLabel }: { errors: FieldErrors; valueLabel: string }) {
  const { register, control } = useFormContext<EntryForm>();
  // The server refuses a measurement after the clinic's today, whatever the browser's day.
  const today = clinicToday(useClinicTimeZone());
  return (
    <div className="flex flex-wrap items-start gap-3">
      <TextField
        label={valueLabel}
        inputMode="decimal"
        {...register('value')}
        error={errors.value}
        className="w-40"
      />
      <div className="flex flex-col gap-1">
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DatePicker
              mode="single"
              label="Date"
              value={field.value}
              onChange={field.onChange}
              maxDate={today}
              today={today}
            />
          )}
        />
        {errors.date && (
          <p role="alert" className="text-sm text-danger-700">
            {errors.date}
          </p>
        )}
      </div>
    </div>
  );
}

interface MeasureForm extends EntryForm {
  name: string;
  unit: string;
}

/** The first value is optional; given, it must be a number with its date. */
function firstEntryChecks({ value, date }: MeasureForm): FieldErrors {
  if (value.trim() === '') {
    return {};
  }
  if (parseEntryValue(value) === null) {
    return { value: 'Must be a number' };
  }
  return date ? {} : { date: NO_DATE };
}

export function AddMeasureForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const create = useCreateFunctionalData(patientId);
  const timeZone = useClinicTimeZone();
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: CreateFunctionalDataBodySchema,
    defaultValues: { name: '', unit: '', value: '', date: clinicToday(timeZone) },
    check: firstEntryChecks,
    toBody: ({ name, unit, value, date }: MeasureForm) => ({
      name,
      unit,
      entries:
        value.trim() === '' || !date
          ? []
          : [{ value: parseEntryValue(value), date: toIsoDate(date) }],
    }),
    errorField: entryErrorField,
    mutation: create,
  });

  const send = onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (measure) => {
        notify.success(`${measure.name} added`);
        onDone();
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(create.error)}</Alert>}
        <TextField
          label="Measure"
          hint="For example Knee flexion, Timed up and go, Grip strength"
          {...form.register('name')}
          error={errors.name}
          maxLength={100}
        />
        <TextField
          label="Unit"
          hint="Optional, e.g. °, s, kg"
          {...form.register('unit')}
          error={errors.unit}
          maxLength={30}
          className="w-40"
        />
        <EntryFields valueLabel="First value (optional)" errors={errors} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** An entry's value must be a number, measured on a day. */
function entryChecks({ value, date }: EntryForm): FieldErrors {
  const found: FieldErrors = {};
  if (parseEntryValue(value) === null) {
    found.value = 'Enter a number';
  }
  if (!date) {
    found.date = NO_DATE;
  }
  return found;
}

export function AddEntryForm({
  patientId,
  measure,
  onDone,
}: {
  patientId: number;
  measure: FunctionalDataType;
  onDone: () => void;
}) {
  const update = useUpdateFunctionalData(patientId);
  const timeZone = useClinicTimeZone();
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: UpdateFunctionalDataBodySchema,
    defaultValues: { value: '', date: clinicToday(timeZone) },
    check: entryChecks,
    toBody: ({ value, date }: EntryForm) => ({
      datatype_id: measure.datatype_id,
      entries: withEntry(measure.entries, {
        value: parseEntryValue(value) ?? Number.NaN,
        date: date ? toIsoDate(date) : '',
      }),
    }),
    errorField: entryErrorField,
    mutation: update,
  });

  const send = onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        notify.success(`${measure.name}: entry saved`);
        onDone();
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(update.error)}</Alert>}
        <EntryFields
          valueLabel={measure.unit ? `Value (${measure.unit})` : 'Value'}
          errors={errors}
        />
        <p className="text-sm text-ink-muted">
          A second value for the same date replaces the first.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
