import type { FunctionalDataType } from '@homestretch/contract/health/functional-data';
import { format, parseISO } from 'date-fns';
import { Activity, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage, fieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { DatePicker } from '../../../ui/date-picker';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate, toIsoDate } from '../../../ui/format-date';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { notify } from '../../../ui/toasts';
import { useCreateFunctionalData } from '../api/create-functional-data';
import { useFunctionalData } from '../api/list-functional-data';
import { useUpdateFunctionalData } from '../api/update-functional-data';
import { AXIS_TICK, CHART_COLORS, GRID_STROKE } from './chart-theme';
import { Alert } from '../../../ui/alert';
import { entryFieldErrors, parseEntryValue, withEntry } from './functional-entries';
import { PanelError, PanelLoading } from '../../../ui/panel-states';

const withUnit = (value: number, unit: string) => (unit ? `${value} ${unit}` : String(value));

/** The value and date inputs shared by "add measure" (first entry) and "add entry". */
function EntryFields({
  value,
  onValue,
  date,
  onDate,
  errors,
  valueLabel,
}: {
  value: string;
  onValue: (value: string) => void;
  date: Date | null;
  onDate: (date: Date | null) => void;
  errors: { value?: string; date?: string };
  valueLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <TextField
        label={valueLabel}
        inputMode="decimal"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        error={errors.value}
        className="w-40"
      />
      <div className="flex flex-col gap-1">
        <DatePicker
          mode="single"
          label="Date"
          value={date}
          onChange={onDate}
          maxDate={new Date()}
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

function AddMeasureForm({ patientId, onDone }: { patientId: number; onDone: () => void }) {
  const create = useCreateFunctionalData(patientId);
  const [name, setName] = useState('');
  const [unit, setUnit] = useState('');
  const [value, setValue] = useState('');
  const [date, setDate] = useState<Date | null>(() => new Date());
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  const server = fieldErrors(create.error);
  const errors = { ...server, ...clientErrors };
  const entryErrors = { ...entryFieldErrors(server), ...clientErrors };
  const generalError =
    create.isError && Object.keys(server).length === 0 ? errorMessage(create.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const first = parseEntryValue(value);
    if (name.trim() === '') {
      found.name = 'Name the measure';
    }
    if (value.trim() !== '' && first === null) {
      found.value = 'Must be a number';
    }
    if (first !== null && !date) {
      found.date = 'Choose the date it was measured';
    }
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    create.mutate(
      {
        name: name.trim(),
        unit: unit.trim(),
        entries: first !== null && date ? [{ value: first, date: toIsoDate(date) }] : [],
      },
      {
        onSuccess: (measure) => {
          notify.success(`${measure.name} added`);
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {generalError && <Alert tone="error">{generalError}</Alert>}
      <TextField
        label="Measure"
        hint="For example Knee flexion, Timed up and go, Grip strength"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        maxLength={100}
      />
      <TextField
        label="Unit"
        hint="Optional, e.g. °, s, kg"
        value={unit}
        onChange={(event) => setUnit(event.target.value)}
        error={errors.unit}
        maxLength={30}
        className="w-40"
      />
      <EntryFields
        valueLabel="First value (optional)"
        value={value}
        onValue={setValue}
        date={date}
        onDate={setDate}
        errors={entryErrors}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function AddEntryForm({
  patientId,
  measure,
  onDone,
}: {
  patientId: number;
  measure: FunctionalDataType;
  onDone: () => void;
}) {
  const update = useUpdateFunctionalData(patientId);
  const [value, setValue] = useState('');
  const [date, setDate] = useState<Date | null>(() => new Date());
  const [clientErrors, setClientErrors] = useState<{ value?: string; date?: string }>({});

  const server = fieldErrors(update.error);
  const errors = { ...entryFieldErrors(server), ...clientErrors };
  const generalError =
    update.isError && Object.keys(server).length === 0 ? errorMessage(update.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEntryValue(value);
    const found: { value?: string; date?: string } = {};
    if (parsed === null) {
      found.value = 'Enter a number';
    }
    if (!date) {
      found.date = 'Choose the date it was measured';
    }
    setClientErrors(found);
    if (parsed === null || !date) {
      return;
    }
    update.mutate(
      {
        datatype_id: measure.datatype_id,
        entries: withEntry(measure.entries, { value: parsed, date: toIsoDate(date) }),
      },
      {
        onSuccess: () => {
          notify.success(`${measure.name}: entry saved`);
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {generalError && <Alert tone="error">{generalError}</Alert>}
      <EntryFields
        valueLabel={measure.unit ? `Value (${measure.unit})` : 'Value'}
        value={value}
        onValue={setValue}
        date={date}
        onDate={setDate}
        errors={errors}
      />
      <p className="text-sm text-ink-muted">A second value for the same date replaces the first.</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

function MeasureChart({ measure }: { measure: FunctionalDataType }) {
  const rows = measure.entries.map((entry) => ({
    day: format(parseISO(entry.date), 'MMM d'),
    value: entry.value,
  }));
  return (
    <div aria-hidden="true">
      <LineChart
        data={rows}
        responsive
        style={{ width: '100%', height: 160 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={AXIS_TICK} tickLine={false} minTickGap={24} />
        <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          formatter={(v) => [typeof v === 'number' ? withUnit(v, measure.unit) : '—', measure.name]}
          contentStyle={{ borderRadius: 8, borderColor: GRID_STROKE, fontSize: 13 }}
        />
        <Line
          type="monotone"
          dataKey="value"
          stroke={CHART_COLORS.value}
          strokeWidth={2}
          dot={{ r: 3, fill: CHART_COLORS.value }}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}

function MeasureItem({
  measure,
  onAddEntry,
}: {
  measure: FunctionalDataType;
  onAddEntry: (measure: FunctionalDataType) => void;
}) {
  const latest = measure.entries[measure.entries.length - 1];
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-control border border-line p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words text-ink">
            {measure.name}
            {measure.unit && <span className="font-normal text-ink-muted"> ({measure.unit})</span>}
          </h3>
          <p className="text-sm text-ink-muted">
            {latest
              ? `Latest ${withUnit(latest.value, measure.unit)} on ${formatDate(latest.date)} · ${
                  measure.entries.length
                } ${measure.entries.length === 1 ? 'entry' : 'entries'}`
              : 'No entries yet'}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          aria-label={`Add an entry to ${measure.name}`}
          onClick={() => onAddEntry(measure)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Entry
        </Button>
      </div>
      {measure.entries.length > 0 && <MeasureChart measure={measure} />}
    </li>
  );
}

/** Measures the therapist tracks in clinic (range of motion, timed tests…) and their entries. */
export function FunctionalData({ patientId }: { patientId: number }) {
  const list = useFunctionalData(patientId);
  const [adding, setAdding] = useState(false);
  const [entryFor, setEntryFor] = useState<FunctionalDataType | null>(null);

  let body;
  if (list.isPending) {
    body = <PanelLoading label="Loading functional data" />;
  } else if (list.isError) {
    body = (
      <PanelError
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.length === 0) {
    body = (
      <EmptyState
        icon={Activity}
        title="No functional measures yet"
        description="Track in-clinic measures such as knee flexion or a timed up-and-go test."
      />
    );
  } else {
    body = (
      <ul aria-label="Functional measures" className="flex flex-col gap-3">
        {list.data.map((measure) => (
          <MeasureItem key={measure.datatype_id} measure={measure} onAddEntry={setEntryFor} />
        ))}
      </ul>
    );
  }

  return (
    <Card
      title="Functional data"
      actions={
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Add measure
        </Button>
      }
    >
      {body}
      <Modal show={adding} onClose={() => setAdding(false)} title="Add a functional measure">
        <AddMeasureForm patientId={patientId} onDone={() => setAdding(false)} />
      </Modal>
      <Modal
        show={entryFor !== null}
        onClose={() => setEntryFor(null)}
        title={entryFor ? `Add an entry: ${entryFor.name}` : 'Add an entry'}
      >
        {entryFor && (
          <AddEntryForm patientId={patientId} measure={entryFor} onDone={() => setEntryFor(null)} />
        )}
      </Modal>
    </Card>
  );
}
