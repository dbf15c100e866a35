import { type FunctionalDataType } from '@homestretch/contract/health/functional-data';
import { Activity, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { formatDate } from '../../../ui/format-date';
import { Modal } from '../../../ui/modal';
import { useFunctionalData } from '../api/list-functional-data';
import { MEASURE_CHART_HEIGHT } from '../../../ui/chart-theme';
import { ChartSlot } from '../../../ui/chart-slot';
import { withUnit } from './functional-entries';
import { PanelError, PanelLoading } from '../../../ui/panel-states';

// recharts loads with the first chart, not with the dashboard (see metric-chart.tsx).
const MeasureChartDrawing = lazy(() => import('./measure-chart-drawing'));

// The forms (react-hook-form, the date picker) load when one is opened: the dashboard's first
// download does not carry them (issue 29).
const AddMeasureForm = lazy(async () => ({
  default: (await import('./functional-data-forms')).AddMeasureForm,
}));
const AddEntryForm = lazy(async () => ({
  default: (await import('./functional-data-forms')).AddEntryForm,
}));
const formLoading = <PanelLoading label="Loading the form" />;

function MeasureItem({
  measure,
  onAddEntry,
}: {
  measure: FunctionalDataType;
  /** Absent when the reader may not record entries. */
  onAddEntry?: (measure: FunctionalDataType) => void;
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
        {onAddEntry && (
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
        )}
      </div>
      {measure.entries.length > 0 && (
        <div aria-hidden="true">
          <ChartSlot height={MEASURE_CHART_HEIGHT}>
            <MeasureChartDrawing measure={measure} />
          </ChartSlot>
        </div>
      )}
    </li>
  );
}

/**
 * Measures the therapist tracks in clinic (range of motion, timed tests…) and their entries.
 * Only the treating staff record them (`editable`); a supervisor reads them (docs/decisions/016).
 */
export function FunctionalData({ patientId, editable }: { patientId: number; editable: boolean }) {
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
        description={
          editable
            ? 'Track in-clinic measures such as knee flexion or a timed up-and-go test.'
            : 'In-clinic measures the treating therapists record appear here.'
        }
      />
    );
  } else {
    body = (
      <ul aria-label="Functional measures" className="flex flex-col gap-3">
        {list.data.map((measure) => (
          <MeasureItem
            key={measure.datatype_id}
            measure={measure}
            onAddEntry={editable ? setEntryFor : undefined}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card
      title="Functional data"
      actions={
        editable && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add measure
          </Button>
        )
      }
    >
      {body}
      <Modal show={adding} onClose={() => setAdding(false)} title="Add a functional measure">
        <Suspense fallback={formLoading}>
          <AddMeasureForm patientId={patientId} onDone={() => setAdding(false)} />
        </Suspense>
      </Modal>
      <Modal
        show={entryFor !== null}
        onClose={() => setEntryFor(null)}
        title={entryFor ? `Add an entry: ${entryFor.name}` : 'Add an entry'}
      >
        {entryFor && (
          <Suspense fallback={formLoading}>
            <AddEntryForm
              patientId={patientId}
              measure={entryFor}
              onDone={() => setEntryFor(null)}
            />
          </Suspense>
        )}
      </Modal>
    </Card>
  );
}
